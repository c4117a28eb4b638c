import re,math,sys
def load(f):
    d={}
    for l in open(f):
        m=re.match(r'(\S+)\s+M\S*\s+dfpn: (win \d+ \S+|none|-) \((\d+) ms\)\s+(\d+)n',l)
        if m: d[m.group(1)]=(m.group(2),int(m.group(3)),int(m.group(4)))
    return d
a,b=load(sys.argv[1]),load(sys.argv[2])
t=[];n=[]
for k in a:
    if a[k][0].startswith('win') and b[k][0].startswith('win') and a[k][1]>=20:
        t.append(math.log(b[k][1]/a[k][1])); n.append(math.log(b[k][2]/a[k][2]))
pa=sum(1 for k in a if a[k][0].startswith('win')); pb=sum(1 for k in b if b[k][0].startswith('win'))
print(f"{sys.argv[1]} -> {sys.argv[2]}: proven {pa} -> {pb}; on {len(t)} common proofs >= 20 ms: time x{math.exp(sum(t)/len(t)):.3f}, nodes x{math.exp(sum(n)/len(n)):.3f}; max nodes x{math.exp(max(n)):.2f} min x{math.exp(min(n)):.2f}")
