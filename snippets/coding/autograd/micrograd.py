"""A micrograd-style scalar autograd engine, checked against torch.autograd."""

import math


class Value:
    """A scalar node of a computation graph: data (a Python float) and grad (d out /
    d this node after out.backward(); 0.0 before)."""

    def __init__(self, data, _children=()):
        # --8<-- [start:solution]
        self.data = data
        self.grad = 0.0
        self._children = _children  # the nodes this one was computed from
        self._backward = lambda: None  # adds self.grad's share into the children
        # --8<-- [end:solution]

    def __add__(self, other):
        # --8<-- [start:solution]
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other))

        def _backward():
            # +=, not =: a node used twice (a + a, or on two paths) sums both.
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out
        # --8<-- [end:solution]

    def __mul__(self, other):
        # --8<-- [start:solution]
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other))

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out
        # --8<-- [end:solution]

    def __pow__(self, k):
        """self ** k for a number k (int or float), not a Value."""
        # --8<-- [start:solution]
        out = Value(self.data**k, (self,))

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad

        out._backward = _backward
        return out
        # --8<-- [end:solution]

    def relu(self):
        # --8<-- [start:solution]
        out = Value(self.data if self.data > 0 else 0.0, (self,))

        def _backward():
            self.grad += (1.0 if self.data > 0 else 0.0) * out.grad  # 0 at 0, as torch

        out._backward = _backward
        return out
        # --8<-- [end:solution]

    def tanh(self):
        # --8<-- [start:solution]
        t = math.tanh(self.data)  # finite for any x; (e^2x - 1) / (e^2x + 1) overflows
        out = Value(t, (self,))

        def _backward():
            self.grad += (1 - t * t) * out.grad

        out._backward = _backward
        return out
        # --8<-- [end:solution]

    def exp(self):
        # --8<-- [start:solution]
        out = Value(math.exp(self.data), (self,))

        def _backward():
            self.grad += out.data * out.grad

        out._backward = _backward
        return out
        # --8<-- [end:solution]

    def backward(self):
        """Set every node's grad to d self / d node, self.grad to 1."""
        # --8<-- [start:solution]
        # Topological order, children before parents: iterative, since a graph as
        # deep as a sum of 3000 terms overflows Python's recursion limit (1000).
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)  # after all of its children
            elif id(node) not in seen:
                seen.add(id(node))
                stack.append((node, True))
                stack.extend((c, False) for c in node._children)
        self.grad = 1.0
        # Parents first: a node's grad is complete, every use summed, before it
        # passes it on.
        for node in reversed(order):
            node._backward()
        # --8<-- [end:solution]

    # The rest, from the operations above.
    def __neg__(self):
        # --8<-- [start:solution]
        return self * -1
        # --8<-- [end:solution]

    def __sub__(self, other):
        # --8<-- [start:solution]
        return self + (-other)
        # --8<-- [end:solution]

    def __truediv__(self, other):
        # --8<-- [start:solution]
        other = other if isinstance(other, Value) else Value(other)
        return self * other**-1
        # --8<-- [end:solution]

    def __radd__(self, other):  # other + self, other a number
        # --8<-- [start:solution]
        return self + other
        # --8<-- [end:solution]

    def __rmul__(self, other):
        # --8<-- [start:solution]
        return self * other
        # --8<-- [end:solution]

    def __rsub__(self, other):
        # --8<-- [start:solution]
        return (-self) + other
        # --8<-- [end:solution]

    def __rtruediv__(self, other):
        # --8<-- [start:solution]
        return self**-1 * other
        # --8<-- [end:solution]


# --8<-- [start:check]
def check(Value):
    import contextlib
    import gc
    import inspect
    import random
    import sys
    import time
    import types

    import torch

    torch.manual_seed(0)
    rng = random.Random(0)

    # Plain Python: the module that defines Value imports neither torch nor numpy,
    # and Value's code runs with both hidden (an import inside a method fails).
    scope = {}
    for f in vars(Value).values():
        if inspect.isfunction(f):
            scope.update(f.__globals__)
    used = sorted(
        v.__name__
        for v in scope.values()
        if isinstance(v, types.ModuleType)
        and v.__name__.split(".")[0] in ("torch", "numpy")
    )
    assert not used, f"Value's module imports {used}: plain Python floats and math only"

    @contextlib.contextmanager
    def plain_python():
        saved = {k: sys.modules.get(k) for k in ("torch", "numpy")}
        sys.modules.update(dict.fromkeys(saved))  # None: `import torch` raises
        try:
            yield
        except ImportError as e:
            raise AssertionError(
                f"Value imports a module while torch and numpy are hidden ({e}): "
                f"plain Python floats and math only"
            ) from None
        finally:
            for k, module in saved.items():
                if module is None:
                    sys.modules.pop(k, None)
                else:
                    sys.modules[k] = module

    def number(v, what):
        assert type(v) in (int, float), (
            f"{what} is {type(v).__name__}; want a Python float (no tensors, no numpy)"
        )
        return v

    def same(got, want, case):
        assert math.isclose(got, want, rel_tol=1e-9, abs_tol=1e-12), (
            f"{case}: {got!r}, want {want!r}"
        )

    def within(budget, case, call):
        """call(), stopped once it has run `budget` lines of Python (sys.settrace):
        a count, not a time, so a loaded machine gives the same answer."""
        lines, previous = 0, sys.gettrace()

        def tracer(frame, event, arg):
            nonlocal lines
            lines += 1
            if lines > budget:
                raise AssertionError(
                    f"{case}: backward ran more than {budget:,} lines of Python on a "
                    f"graph of about 1000 nodes, and was stopped; likely cause: each "
                    f"path's gradient passed on separately (this graph has 2 ** 200 "
                    f"paths): let every use add into a node's grad, then pass it on "
                    f"once, in reverse topological order"
                )
            return tracer

        sys.settrace(tracer)
        try:
            call()
        finally:
            sys.settrace(previous)

    def compare(case, build, inputs, budget=None):
        """build(*leaves) returns (out, nodes): run it on Values and on float64
        tensors, backward, and compare out and the grad of every leaf and node."""
        try:
            with plain_python():
                mine = [Value(x) for x in inputs]
                out, nodes = build(*mine)
                assert isinstance(out, Value), (
                    f"{case}: got a {type(out).__name__}, not a Value"
                )
                for v in [*mine, *nodes, out]:
                    assert v.grad == 0 and type(v.grad) in (int, float), (
                        f"{case}: grad is {v.grad!r} before backward(); want 0.0"
                    )
                forward = out.data
                if budget is None:
                    out.backward()
                else:
                    within(budget, case, out.backward)
        except RecursionError:
            raise AssertionError(
                f"{case}: RecursionError; likely cause: a recursive walk of the graph "
                f"(Python's recursion limit is 1000): walk it with a stack"
            ) from None
        except OverflowError as e:
            raise AssertionError(
                f"{case}: OverflowError ({e}); likely cause: tanh written with "
                f"math.exp, which raises above 709: math.tanh is finite for any x"
            ) from None
        theirs = [
            torch.tensor(x, dtype=torch.float64, requires_grad=True) for x in inputs
        ]
        t_out, t_nodes = build(*theirs)
        for t in t_nodes:
            t.retain_grad()
        t_out.backward()
        same(number(forward, f"{case}: out.data"), t_out.item(), f"{case}: forward")
        for i, x in enumerate(mine):
            assert x.data == inputs[i], f"{case}: an operation changed leaf {i}'s data"
        pairs = zip(mine, theirs, strict=True)
        named = [(f"leaf {i}", v, t) for i, (v, t) in enumerate(pairs)]
        pairs = zip(nodes, t_nodes, strict=True)
        named += [(f"node {i}", v, t) for i, (v, t) in enumerate(pairs)]
        for name, v, t in named:
            want = 0.0 if t.grad is None else t.grad.item()
            same(
                number(v.grad, f"{case}: {name}.grad"),
                want,
                f"{case}: {name}.grad; likely cause: the backward of one of this "
                f"case's operations, = instead of += (a node used twice), an "
                f"order that passes a grad on before every use has added in, or "
                f"two nodes of equal data taken for one in the visited set "
                f"(__eq__ / __hash__ by data: key it by id(node))",
            )

    # A node used twice: by the same operation, and on two paths (a diamond).
    compare("a * a + a", lambda a: (a * a + a, []), [3.0])
    compare("a + a", lambda a: (a + a, []), [-1.5])
    compare(
        "diamond: u = tanh(x), out = u * exp(x) + u",
        lambda x: (lambda u: (u * x.exp() + u, [u]))(x.tanh()),
        [0.7],
    )
    # Numbers on either side, and every operation.
    compare(
        "numbers on both sides",
        lambda a, b: (
            (2 + a) * (a - 2) + (3 - b) / 4 + 2 / b - (-a) * 0.5 + 2 * b,
            [],
        ),
        [1.3, -0.6],
    )
    compare(
        "powers: a ** 2, a ** 0.5, a ** -2, b ** 3",
        lambda a, b: (a**2 + a**0.5 + a**-2 + b**3, []),
        [2.5, -1.2],
    )
    compare(
        "relu at a negative value, at 0 (gradient 0, as torch) and above",
        lambda a, b, c: (a.relu() * 2 + b.relu() * 3 + c.relu() * c, []),
        [-1.0, 0.0, 2.0],
    )
    compare(
        "tanh at +-400 (exp(800) overflows: use math.tanh) and exp",
        lambda a, b, c: (a.tanh() + b.tanh() * 2 + c.exp(), []),
        [400.0, -400.0, 1.5],
    )

    # One tanh neuron and a 2-3-1 MLP with a squared-error loss over 4 points.
    def neuron(w0, w1, w2, b, x0, x1, x2):
        act = w0 * x0 + w1 * x1 + w2 * x2 + b
        return act.tanh(), [act]

    compare("tanh(w . x + b)", neuron, [0.5, -1.2, 0.3, 0.1, 1.0, 2.0, -0.5])
    data = [(0.5, -1.0, 1.0), (1.5, 0.3, -1.0), (-0.7, 0.8, 0.5), (0.1, -0.2, -0.5)]

    def mlp(*p):
        w1, b1, w2, b2 = p[:6], p[6:9], p[9:12], p[12]
        loss = 0.0
        for x0, x1, y in data:
            hidden = [
                (w1[2 * j] * x0 + w1[2 * j + 1] * x1 + b1[j]).tanh() for j in range(3)
            ]
            pred = w2[0] * hidden[0] + w2[1] * hidden[1] + w2[2] * hidden[2] + b2
            loss = loss + (pred - y) ** 2
        return loss / len(data), []

    compare(
        "2-3-1 tanh MLP, squared error", mlp, [rng.uniform(-1, 1) for _ in range(13)]
    )

    # A graph 3000 nodes deep: a recursive topological sort exceeds Python's
    # recursion limit (1000).
    compare(
        "sum of 3000 terms, squared (a graph 3000 deep)",
        lambda *xs: (lambda s: (s * s, [s]))(sum(x * 0.01 for x in xs)),
        [rng.uniform(-1, 1) for _ in range(3000)],
    )

    # Reuse at every level: y = y * 0.5 + y * 0.5, 200 times, is x again, with
    # 2 ** 200 paths from the output to x (y feeds two nodes). The topological order
    # runs each closure once; passing each path's share on separately never ends.
    def doublings(x):
        y = x
        for _ in range(200):
            y = y * 0.5 + y * 0.5
        return y, [y]

    compare("y = y * 0.5 + y * 0.5, 200 times", doublings, [0.3], budget=10**6)

    # Random expressions: each node may feed several later ones (a DAG).
    unary = [
        lambda a: a.tanh(),
        lambda a: a.relu(),
        lambda a: a.tanh().exp(),
        lambda a: -a,
        lambda a: (a * a + 1) ** 0.5,
        lambda a: 1.5 - a,
        lambda a: a / 4,
    ]
    binary = [
        lambda a, b: a + b,
        lambda a, b: a - b,
        lambda a, b: a * b.tanh(),
        lambda a, b: a / (b * b + 1),
        lambda a, b: 2 * a + b**2,
    ]
    for seed in range(30):
        plan = random.Random(seed)
        steps = []
        for i in range(12):
            n = 3 + i  # 3 leaves, then one node per step
            if plan.random() < 0.4:
                steps.append((plan.choice(unary), (plan.randrange(n),)))
            else:
                steps.append(
                    (plan.choice(binary), (plan.randrange(n), plan.randrange(n)))
                )

        def build(*leaves, steps=steps):
            pool = list(leaves)
            for op, args in steps:
                pool.append(op(*(pool[j] for j in args)))
            nodes = pool[len(leaves) :]
            return sum(nodes), nodes  # every node reaches the output, some twice

        compare(f"random expression {seed}", build, [rng.uniform(-2, 2) for _ in "abc"])

    # Linear time, measured: the line budget counts lines of Python, not the work a
    # builtin does (`node in a_list` scans the list in C). The backward of a sum of
    # 3200 terms against one of 200, in CPU time (other processes' load does not
    # count), the best of a few runs each: 16 times the graph takes 16 to 25 times
    # as long when the work is linear, about 256 times when it is quadratic.
    def cpu(n):
        with plain_python():
            xs = [Value(0.5) for _ in range(n)]
            out = xs[0]
            for x in xs[1:]:
                out = out + x
            gc.disable()
            try:
                start = time.process_time()
                out.backward()
                return time.process_time() - start
            finally:
                gc.enable()

    clock = time.get_clock_info("process_time").implementation
    if "CLOCK_PROCESS_CPUTIME_ID" in clock:  # a fine-grained CPU clock: Linux, macOS
        small = max(min(cpu(200) for _ in range(5)), 1e-6)
        for _ in range(3):
            ratio = cpu(3200) / small
            if ratio < 80:
                break
        assert ratio < 80, (
            f"backward on a sum of 3200 terms took {ratio:.0f} times the CPU time of "
            "one of 200 (16 times the graph; linear work takes 16 to 25 times): "
            "O(n^2) work; likely cause: the visited nodes kept in a list, which "
            "`node in visited` scans (use a set of ids), or a list.index, .remove "
            "or .insert(0, ...) per node"
        )
    print("Value matches torch.autograd: reuse, diamond, MLP, depth 3000, 30 random")
    # > Value matches torch.autograd: reuse, diamond, MLP, depth 3000, 30 random


# --8<-- [end:check]


if __name__ == "__main__":
    check(Value)
