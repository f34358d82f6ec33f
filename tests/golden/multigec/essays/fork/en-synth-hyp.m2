S Yesterday I go to the market with my freind . We buyed some apple 's and a bread , but the shop were closed when we arrive at home . It was a nice day anyway ! I do not think we will went there again .
A 2 3|||R:OTHER|||went|||REQUIRED|||-NONE-|||0
A 8 9|||R:MORPH|||friend|||REQUIRED|||-NONE-|||0
A 11 12|||R:MORPH|||bought|||REQUIRED|||-NONE-|||0
A 13 15|||R:OTHER|||apples|||REQUIRED|||-NONE-|||0
A 22 23|||R:VERB:SVA|||was|||REQUIRED|||-NONE-|||0
A 26 27|||R:MORPH|||arrived|||REQUIRED|||-NONE-|||0
A 43 44|||R:OTHER|||go|||REQUIRED|||-NONE-|||0

S Dear Sir or Madam , I am writting to complain about the hotel . The room was very small and dirty , and the staff was not helpful at all . I expect a refund .
A 0 36|||R:OTHER|||!|||REQUIRED|||-NONE-|||0

S In my opinion , technology make people more lonely . They spends many hours on there phones instead of talk to each other . This is a big problem in the modern society , specially for young peoples .
A 5 6|||R:SPELL|||makes|||REQUIRED|||-NONE-|||0
A 11 12|||R:OTHER|||spend|||REQUIRED|||-NONE-|||0
A 15 16|||R:SPELL|||their|||REQUIRED|||-NONE-|||0
A 19 20|||R:OTHER|||talking|||REQUIRED|||-NONE-|||0
A 34 35|||R:SPELL|||especially|||REQUIRED|||-NONE-|||0
A 37 38|||R:MORPH|||people|||REQUIRED|||-NONE-|||0

S The well -known scientist said that " climate change is real " . Most of people agree with him ; but some do not believe it , because it is cold in winter .
A 15 15|||M:OTHER|||the|||REQUIRED|||-NONE-|||0
A 32 32|||M:OTHER|||the|||REQUIRED|||-NONE-|||0

