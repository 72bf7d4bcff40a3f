NAME big
ROWS
 N obj
 L c1
COLUMNS
 x obj -1e308 c1 1
 y obj -1e308 c1 1
RHS
 rhs c1 2
BOUNDS
 UP bnd x 1
ENDATA
