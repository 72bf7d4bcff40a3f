*SENSE:Maximize
NAME          production
ROWS
 N  profit
 L  hours
 G  mix
 L  balance
COLUMNS
    MARK      'MARKER'                 'INTORG'
    batch_p1  hours      2.500000000000e+00
    batch_p1  mix        1.000000000000e+00
    batch_p1  balance   -2.000000000000e+00
    batch_p1  profit     2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    batch_p2  hours      4.000000000000e+00
    batch_p2  mix        1.000000000000e+00
    batch_p2  profit     3.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    batch_p3  hours      3.000000000000e+00
    batch_p3  balance    1.000000000000e+00
    batch_p3  profit     2.500000000000e+01
    MARK      'MARKER'                 'INTEND'
    overtime  hours     -1.000000000000e+00
    overtime  profit    -1.500000000000e+01
RHS
    RHS       hours      4.000000000000e+01
    RHS       mix        3.000000000000e+00
    RHS       balance    0.000000000000e+00
BOUNDS
 UP BND       batch_p1   2.000000000000e+01
 UP BND       batch_p2   2.000000000000e+01
 UP BND       batch_p3   2.000000000000e+01
 UP BND       overtime   1.200000000000e+01
ENDATA
