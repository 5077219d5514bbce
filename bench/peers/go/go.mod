module actorbench/peers

go 1.19
