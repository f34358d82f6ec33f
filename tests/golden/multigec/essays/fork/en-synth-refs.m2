S Yesterday I go to the market with my freind . We buyed some apple 's and a bread , but the shop were closed when we arrive at home . It was a nice day anyway ! I do not think we will went there again .
A 2 3|||R:OTHER|||went|||REQUIRED|||-NONE-|||0
A 8 9|||R:MORPH|||friend|||REQUIRED|||-NONE-|||0
A 11 12|||R:MORPH|||bought|||REQUIRED|||-NONE-|||0
A 13 15|||R:OTHER|||apples|||REQUIRED|||-NONE-|||0
A 17 17|||M:OTHER|||loaf of|||REQUIRED|||-NONE-|||0
A 22 23|||R:VERB:SVA|||was|||REQUIRED|||-NONE-|||0
A 26 28|||R:OTHER|||arrived|||REQUIRED|||-NONE-|||0
A 43 44|||R:OTHER|||go|||REQUIRED|||-NONE-|||0
A 2 3|||R:OTHER|||went|||REQUIRED|||-NONE-|||1
A 8 9|||R:MORPH|||friend|||REQUIRED|||-NONE-|||1
A 11 12|||R:MORPH|||bought|||REQUIRED|||-NONE-|||1
A 13 15|||R:OTHER|||apples|||REQUIRED|||-NONE-|||1
A 16 17|||U:OTHER||||||REQUIRED|||-NONE-|||1
A 22 23|||R:OTHER|||had|||REQUIRED|||-NONE-|||1
A 24 28|||R:OTHER|||by the time we got|||REQUIRED|||-NONE-|||1
A 43 44|||R:OTHER|||go|||REQUIRED|||-NONE-|||1

S Dear Sir or Madam , I am writting to complain about the hotel . The room was very small and dirty , and the staff was not helpful at all . I expect a refund .
A 7 8|||R:MORPH|||writing|||REQUIRED|||-NONE-|||0
A 25 26|||R:VERB:SVA|||were|||REQUIRED|||-NONE-|||0
A 0 36|||R:OTHER|||!|||REQUIRED|||-NONE-|||1

S In my opinion , technology make people more lonely . They spends many hours on there phones instead of talk to each other . This is a big problem in the modern society , specially for young peoples .
A 5 6|||R:SPELL|||makes|||REQUIRED|||-NONE-|||0
A 7 9|||R:ADJ:FORM|||lonelier|||REQUIRED|||-NONE-|||0
A 11 12|||R:OTHER|||spend|||REQUIRED|||-NONE-|||0
A 15 16|||R:SPELL|||their|||REQUIRED|||-NONE-|||0
A 19 20|||R:OTHER|||talking|||REQUIRED|||-NONE-|||0
A 30 31|||U:OTHER||||||REQUIRED|||-NONE-|||0
A 34 35|||R:SPELL|||especially|||REQUIRED|||-NONE-|||0
A 37 38|||R:MORPH|||people|||REQUIRED|||-NONE-|||0
A 5 6|||R:SPELL|||makes|||REQUIRED|||-NONE-|||1
A 11 12|||R:OTHER|||spend|||REQUIRED|||-NONE-|||1
A 15 16|||R:SPELL|||their|||REQUIRED|||-NONE-|||1
A 19 20|||R:OTHER|||talking|||REQUIRED|||-NONE-|||1
A 21 22|||R:OTHER|||one|||REQUIRED|||-NONE-|||1
A 22 23|||R:DET|||another|||REQUIRED|||-NONE-|||1
A 30 31|||U:OTHER||||||REQUIRED|||-NONE-|||1
A 34 35|||R:OTHER|||particularly|||REQUIRED|||-NONE-|||1
A 37 38|||R:MORPH|||people|||REQUIRED|||-NONE-|||1

S The well -known scientist said that " climate change is real " . Most of people agree with him ; but some do not believe it , because it is cold in winter .
A 14 15|||U:OTHER||||||REQUIRED|||-NONE-|||0
A 19 20|||R:OTHER|||,|||REQUIRED|||-NONE-|||0
A 26 27|||U:OTHER||||||REQUIRED|||-NONE-|||0
A 0 34|||R:OTHER|||!|||REQUIRED|||-NONE-|||1

