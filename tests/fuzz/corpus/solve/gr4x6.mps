*NAME:        name
NAME          gr4x6
ROWS
 N  COST    
 E  A0
 E  A1
 E  A2
 E  A3
 E  B0
 E  B1
 E  B2
 E  B3
 E  B4
 E  B5
 L  G0
 L  G1
 L  G2
 L  G3
 L  G4
 L  G5
 L  G6
 L  G7
 L  G8
 L  G9
 L  G10
 L  G11
 L  G12
 L  G13
 L  G14
 L  G15
 L  G16
 L  G17
 L  G18
 L  G19
 L  G20
 L  G21
 L  G22
 L  G23
COLUMNS
    X0        COST       0.69
    X0        A0         1
    X0        G0         1
    X0        B0         1
    X1        COST       0.64
    X1        A0         1
    X1        G1         1
    X1        B1         1
    X2        COST       0.71
    X2        A0         1
    X2        G2         1
    X2        B2         1
    X3        COST       0.79
    X3        A0         1
    X3        G3         1
    X3        B3         1
    X4        COST       1.7
    X4        A0         1
    X4        G4         1
    X4        B4         1
    X5        COST       2.83
    X5        A0         1
    X5        G5         1
    X5        B5         1
    X6        COST       1.01
    X6        A1         1
    X6        G6         1
    X6        B0         1
    X7        COST       0.75
    X7        A1         1
    X7        G7         1
    X7        B1         1
    X8        COST       0.88
    X8        A1         1
    X8        G8         1
    X8        B2         1
    X9        COST       0.59
    X9        A1         1
    X9        G9         1
    X9        B3         1
    X10       COST       1.5
    X10       A1         1
    X10       G10        1
    X10       B4         1
    X11       COST       2.63
    X11       A1         1
    X11       G11        1
    X11       B5         1
    X12       COST       1.05
    X12       A2         1
    X12       G12        1
    X12       B0         1
    X13       COST       1.06
    X13       A2         1
    X13       G13        1
    X13       B1         1
    X14       COST       1.08
    X14       A2         1
    X14       G14        1
    X14       B2         1
    X15       COST       0.64
    X15       A2         1
    X15       G15        1
    X15       B3         1
    X16       COST       1.22
    X16       A2         1
    X16       G16        1
    X16       B4         1
    X17       COST       2.37
    X17       A2         1
    X17       G17        1
    X17       B5         1
    X18       COST       1.94
    X18       A3         1
    X18       G18        1
    X18       B0         1
    X19       COST       1.5
    X19       A3         1
    X19       G19        1
    X19       B1         1
    X20       COST       1.56
    X20       A3         1
    X20       G20        1
    X20       B2         1
    X21       COST       1.22
    X21       A3         1
    X21       G21        1
    X21       B3         1
    X22       COST       1.98
    X22       A3         1
    X22       G22        1
    X22       B4         1
    X23       COST       1.98
    X23       A3         1
    X23       G23        1
    X23       B5         1
    MARK      'MARKER'                 'INTORG'
    Y0        COST       11
    Y0        G0         -35
    Y1        COST       16
    Y1        G1         -30
    Y2        COST       18
    Y2        G2         -25
    Y3        COST       17
    Y3        G3         -15
    Y4        COST       10
    Y4        G4         -5
    Y5        COST       20
    Y5        G5         -5
    Y6        COST       14
    Y6        G6         -35
    Y7        COST       17
    Y7        G7         -30
    Y8        COST       17
    Y8        G8         -25
    Y9        COST       13
    Y9        G9         -15
    Y10       COST       15
    Y10       G10        -5
    Y11       COST       13
    Y11       G11        -5
    Y12       COST       12
    Y12       G12        -20
    Y13       COST       13
    Y13       G13        -20
    Y14       COST       20
    Y14       G14        -20
    Y15       COST       17
    Y15       G15        -15
    Y16       COST       13
    Y16       G16        -5
    Y17       COST       15
    Y17       G17        -5
    Y18       COST       16
    Y18       G18        -15
    Y19       COST       19
    Y19       G19        -15
    Y20       COST       15
    Y20       G20        -15
    Y21       COST       11
    Y21       G21        -15
    Y22       COST       15
    Y22       G22        -5
    Y23       COST       12
    Y23       G23        -5
    MARKEND   'MARKER'                 'INTEND'
RHS
    RHS       A0         45
    RHS       A1         35
    RHS       A2         20
    RHS       A3         15
    RHS       B0         35
    RHS       B1         30
    RHS       B2         25
    RHS       B3         15
    RHS       B4         5
    RHS       B5         5
BOUNDS
 BV bnd       Y0
 BV bnd       Y1
 BV bnd       Y2
 BV bnd       Y3
 BV bnd       Y4
 BV bnd       Y5
 BV bnd       Y6
 BV bnd       Y7
 BV bnd       Y8
 BV bnd       Y9
 BV bnd       Y10
 BV bnd       Y11
 BV bnd       Y12
 BV bnd       Y13
 BV bnd       Y14
 BV bnd       Y15
 BV bnd       Y16
 BV bnd       Y17
 BV bnd       Y18
 BV bnd       Y19
 BV bnd       Y20
 BV bnd       Y21
 BV bnd       Y22
 BV bnd       Y23
ENDATA
