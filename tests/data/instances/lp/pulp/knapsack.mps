*SENSE:Maximize
NAME          knapsack
ROWS
 N  OBJ
 L  capacity
COLUMNS
    MARK      'MARKER'                 'INTORG'
    take_0    capacity   5.000000000000e+00
    take_0    OBJ        1.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    take_1    capacity   7.000000000000e+00
    take_1    OBJ        1.300000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    take_2    capacity   3.000000000000e+00
    take_2    OBJ        7.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    take_3    capacity   4.000000000000e+00
    take_3    OBJ        8.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    take_4    capacity   6.000000000000e+00
    take_4    OBJ        1.200000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    take_5    capacity   2.000000000000e+00
    take_5    OBJ        5.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    take_6    capacity   5.000000000000e+00
    take_6    OBJ        9.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    take_7    capacity   1.000000000000e+00
    take_7    OBJ        4.000000000000e+00
    MARK      'MARKER'                 'INTEND'
RHS
    RHS       capacity   1.700000000000e+01
BOUNDS
 BV BND       take_0  
 BV BND       take_1  
 BV BND       take_2  
 BV BND       take_3  
 BV BND       take_4  
 BV BND       take_5  
 BV BND       take_6  
 BV BND       take_7  
ENDATA
