def gpipe_schedule(p, m):
    """Forward then backward of m micro-batches on p stages, one tick per step."""
    busy = [set() for _ in range(p)]
    for s in range(p):
        for i in range(m):
            busy[s].add(s + i)  # forward of micro-batch i reaches stage s at s + i
    t_fwd = m + p - 1  # the last forward ends here
    for s in range(p):
        for i in range(m):
            busy[s].add(t_fwd + (p - 1 - s) + i)  # backward runs the stages in reverse
    ticks = 2 * t_fwd
    idle = sum(ticks - len(b) for b in busy)
    return idle / (p * ticks)


for p, m in [(4, 1), (4, 4), (4, 16), (8, 16)]:
    formula = (p - 1) / (m + p - 1)
    print(f"p={p} m={m:2d}: idle {gpipe_schedule(p, m):.3f} formula {formula:.3f}")
    # > p=4 m= 1: idle 0.750 formula 0.750
    # > p=4 m= 4: idle 0.429 formula 0.429
    # > p=4 m=16: idle 0.158 formula 0.158
    # > p=8 m=16: idle 0.304 formula 0.304
