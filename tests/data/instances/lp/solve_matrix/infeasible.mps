* An infeasible LP for the solve matrix of issue 42: x + y >= 5 and
* x + y <= 4. Written for this repository (no licence restriction).
NAME          matrixinf
ROWS
 N  obj
 G  lo
 L  hi
COLUMNS
    x         obj       1.0          lo        1.0
    x         hi        1.0
    y         obj       1.0          lo        1.0
    y         hi        1.0
RHS
    rhs       lo        5.0          hi        4.0
ENDATA
