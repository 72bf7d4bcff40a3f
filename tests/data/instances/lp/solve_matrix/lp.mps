* A small LP for the solve matrix of issue 42: min -3x - 2y
* s.t. x + y <= 4, x + 3y <= 7, 0 <= x <= 3, y >= 0. Optimum x = 3, y = 1,
* objective -11; row duals -2 (c1) and 0 (c2), reduced costs -1 (x) and 0 (y).
* Written for this repository (no licence restriction).
NAME          matrixlp
ROWS
 N  obj
 L  c1
 L  c2
COLUMNS
    x         obj       -3.0         c1        1.0
    x         c2        1.0
    y         obj       -2.0         c1        1.0
    y         c2        3.0
RHS
    rhs       c1        4.0          c2        7.0
BOUNDS
 UP bnd       x         3.0
ENDATA
