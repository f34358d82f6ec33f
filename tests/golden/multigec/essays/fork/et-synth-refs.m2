S Tere Mari ! Ma tahan kutsuda sulle jalutame Vanalinn mööda . Me kohtume kaubamaja juures kell kuus , kas sobib ?
A 1 1|||M:OTHER|||,|||REQUIRED|||-NONE-|||0
A 6 10|||R:OTHER|||sind Vanalinna jalutama|||REQUIRED|||-NONE-|||0

S Eelmisel nädalal ma käisin oma sõbraga kinos . Film oli väga huvitav aga pikk . Pärast filmi me läksime kohvikusse ja sõime kooki .
A 2 4|||R:WO|||käisin ma|||REQUIRED|||-NONE-|||0
A 12 12|||M:OTHER|||,|||REQUIRED|||-NONE-|||0
A 17 18|||U:OTHER||||||REQUIRED|||-NONE-|||0

