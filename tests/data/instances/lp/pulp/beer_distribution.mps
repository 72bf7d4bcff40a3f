*SENSE:Minimize
NAME          beer_distribution
ROWS
 N  transport_cost
 L  supply_A
 L  supply_B
 G  demand_1
 G  demand_2
 G  demand_3
 G  demand_4
 G  demand_5
COLUMNS
    route_A_1  supply_A   1.000000000000e+00
    route_A_1  demand_1   1.000000000000e+00
    route_A_1  transport_cost   2.000000000000e+00
    route_A_2  supply_A   1.000000000000e+00
    route_A_2  demand_2   1.000000000000e+00
    route_A_2  transport_cost   4.000000000000e+00
    route_A_3  supply_A   1.000000000000e+00
    route_A_3  demand_3   1.000000000000e+00
    route_A_3  transport_cost   5.000000000000e+00
    route_A_4  supply_A   1.000000000000e+00
    route_A_4  demand_4   1.000000000000e+00
    route_A_4  transport_cost   2.000000000000e+00
    route_A_5  supply_A   1.000000000000e+00
    route_A_5  demand_5   1.000000000000e+00
    route_A_5  transport_cost   1.000000000000e+00
    route_B_1  supply_B   1.000000000000e+00
    route_B_1  demand_1   1.000000000000e+00
    route_B_1  transport_cost   3.000000000000e+00
    route_B_2  supply_B   1.000000000000e+00
    route_B_2  demand_2   1.000000000000e+00
    route_B_2  transport_cost   1.000000000000e+00
    route_B_3  supply_B   1.000000000000e+00
    route_B_3  demand_3   1.000000000000e+00
    route_B_3  transport_cost   3.000000000000e+00
    route_B_4  supply_B   1.000000000000e+00
    route_B_4  demand_4   1.000000000000e+00
    route_B_4  transport_cost   2.000000000000e+00
    route_B_5  supply_B   1.000000000000e+00
    route_B_5  demand_5   1.000000000000e+00
    route_B_5  transport_cost   3.000000000000e+00
RHS
    RHS       supply_A   1.000000000000e+03
    RHS       supply_B   4.000000000000e+03
    RHS       demand_1   5.000000000000e+02
    RHS       demand_2   9.000000000000e+02
    RHS       demand_3   1.800000000000e+03
    RHS       demand_4   2.000000000000e+02
    RHS       demand_5   7.000000000000e+02
BOUNDS
ENDATA
