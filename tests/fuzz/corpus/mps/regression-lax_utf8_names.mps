NAME surrogates
ROWS
 N obj
 L cí €
COLUMNS
 xÀ¯ obj -1 cí € 1
 yô€€ obj 1 cí € 1
RHS
 rhs cí € 1
ENDATA
