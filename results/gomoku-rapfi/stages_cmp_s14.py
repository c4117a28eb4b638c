import re,sys
def load(f):
    d={}
    for l in open(f):
        m=re.match(r'(\S+)\s+M\S*\s+dfpn: (win \d+ \S+|none|-) \((\d+) ms\)\s+(\d+)n',l)
        if m: d[m.group(1)]=(m.group(2),int(m.group(3)),int(m.group(4)))
    return d
a,b=load(sys.argv[1]),load(sys.argv[2])
for k in a:
    x,y=a[k],b.get(k)
    r = y[1]/x[1] if x[1] else 0
    print(f"{k:10} {x[0]:14} {x[1]:6} {x[2]:9} | {y[0]:14} {y[1]:6} {y[2]:9}  x{r:.2f}")
