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
    return idle / (p * ticks), ticks


for p, m in [(4, 1), (4, 4), (4, 16), (8, 16)]:
    formula = (p - 1) / (m + p - 1)
    idle, ticks = gpipe_schedule(p, m)
    # a tick is one micro-batch through one stage, 1/p of the model
    step = ticks / p  # in micro-batch passes through the whole model
    print(f"p={p} m={m:2d}: idle {idle:.3f} formula {formula:.3f} step {step:.2f}")
    # > p=4 m= 1: idle 0.750 formula 0.750 step 2.00
    # > p=4 m= 4: idle 0.429 formula 0.429 step 3.50
    # > p=4 m=16: idle 0.158 formula 0.158 step 9.50
    # > p=8 m=16: idle 0.304 formula 0.304 step 5.75
