*SENSE:Minimize
NAME          mixed
ROWS
 N  cost
 G  cover
 E  link
 L  gap
 G  demand
 L  _C1
COLUMNS
    fixed     cost       1.000000000000e+00
    MARK      'MARKER'                 'INTORG'
    n         gap       -1.000000000000e+00
    n         demand     3.000000000000e+00
    n         cost       4.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    x         cover      1.000000000000e+00
    x         gap        1.000000000000e+00
    x         demand     2.000000000000e+00
    x         cost       3.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    y         cover      1.000000000000e+00
    y         link      -2.000000000000e+00
    y         cost      -2.000000000000e+00
    z         cover      1.000000000000e+00
    z         link       1.000000000000e+00
    z         _C1        1.000000000000e+00
    z         cost       1.000000000000e+00
RHS
    RHS       cover      4.500000000000e+00
    RHS       link       1.000000000000e+00
    RHS       gap        3.000000000000e+00
    RHS       demand     1.300000000000e+01
    RHS       _C1        8.000000000000e+00
BOUNDS
 FX BND       fixed      3.000000000000e+00
 LO BND       n          2.000000000000e+00
 UP BND       x          1.000000000000e+01
 LO BND       y         -5.000000000000e+00
 UP BND       y          5.000000000000e+00
 FR BND       z       
ENDATA
