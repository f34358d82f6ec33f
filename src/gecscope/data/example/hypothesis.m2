S She go to school every days .
A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0
A 5 6|||R:NOUN:NUM|||day|||REQUIRED|||-NONE-|||0

S I have many informations about this topic .
A 3 4|||R:NOUN:INFL|||information|||REQUIRED|||-NONE-|||0

S He is interesting in learn music .
A 2 3|||R:MORPH|||interested|||REQUIRED|||-NONE-|||0
A 4 5|||R:VERB:FORM|||learning|||REQUIRED|||-NONE-|||0
A 5 5|||M:DET|||the|||REQUIRED|||-NONE-|||0

S We discussed about the problem yesterday .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

S The weather is nice today .
A 3 3|||M:ADV|||very|||REQUIRED|||-NONE-|||0

S My brother have two cat and one dog .
A 2 3|||R:VERB:SVA|||has|||REQUIRED|||-NONE-|||0
A 4 5|||R:NOUN:NUM|||cats|||REQUIRED|||-NONE-|||0

S They was very happy when they arrive at home .
A 1 2|||R:VERB:SVA|||were|||REQUIRED|||-NONE-|||0

S I am agree with your opinion .
A 1 2|||U:VERB:TENSE||||||REQUIRED|||-NONE-|||0
A 3 4|||R:PREP|||to|||REQUIRED|||-NONE-|||0

S This book is more better than that one .
A 3 4|||U:ADV||||||REQUIRED|||-NONE-|||0

S There is a lot of peoples in the park .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

