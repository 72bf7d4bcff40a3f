* A small knapsack for the solve matrix of issue 42: max
* 5a + 4b + 3c + 7d (as min of the negation) with 2a + 3b + c + 4d <= 5.3, a..d
* binary. Optimum c = d = 1, objective -10; the root LP (-12.025) is
* fractional. Written for this repository (no licence restriction).
NAME          matrixmilp
ROWS
 N  obj
 L  cap
COLUMNS
    MARKER    'MARKER'  'INTORG'
    a         obj       -5.0         cap       2.0
    b         obj       -4.0         cap       3.0
    c         obj       -3.0         cap       1.0
    d         obj       -7.0         cap       4.0
    MARKER    'MARKER'  'INTEND'
RHS
    rhs       cap       5.3
BOUNDS
 UP bnd       a         1
 UP bnd       b         1
 UP bnd       c         1
 UP bnd       d         1
ENDATA
