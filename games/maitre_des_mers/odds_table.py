"""Le Maître des Mers: every completion chance of :mod:`.odds`, computed ahead of time.

Why: the recursion is slow the first time a card meets a dice pool (a full house with 8 dice
explores every roll and placement), so a computer's first announcements in a fresh worker
waited for it, and its caches grew to 82 MB once every card and pool had been met. The table
holds the very doubles the recursion computes (so the computers play the same moves), 3,390 of
them (27 KB, 6 KB here), for every card, every dice already on it that can still complete it
and 1 to 8 dice left to roll.

Regenerate after changing the cards' combinations or the recursion:
``python -c "from games.maitre_des_mers import odds; odds.main()"`` rewrites :data:`DATA` in
this file from the recursion (the tests check that the recursion still gives exactly these
values).
"""

from __future__ import annotations

import base64
import struct
import warnings
import zlib
from collections.abc import Iterator
from itertools import combinations_with_replacement

from .cards import SHIPS
from .combos import SLOTS, _completable

MAX_DICE = 8
"""A pool holds 5 dice plus up to 3 extra-die goods (MM-15); the recursion never goes past it."""

Key = tuple[str, tuple[int, ...], int, int]
"""(combination, dice placed ascending, dice left to roll, target: a ship's cargo target or 0)."""


def states() -> Iterator[Key]:
    """The table's keys in its fixed order: the cards' combinations (ships by target), each
    placement that can still complete the card with a slot free, every number of dice left from
    the free slots up to :data:`MAX_DICE` (elsewhere the chance is 0 or 1 at once)."""
    targets = sorted({int(code[1:]) for code in SHIPS})
    for combination, slots in SLOTS.items():
        for target in targets if combination == "ship" else [0]:
            for size in range(slots):
                for placed in combinations_with_replacement(range(1, 7), size):
                    if _completable(combination, placed, target):
                        for left in range(slots - size, MAX_DICE + 1):
                            yield combination, placed, left, target


def load(data: str) -> dict[Key, float]:
    """The table from its text (little-endian doubles in :func:`states` order, zlib, base64).
    Empty text, or a table for other cards (warned), gives an empty table: the recursion then
    computes every chance, right but slowly, until the table is regenerated."""
    try:
        raw = zlib.decompress(base64.b64decode("".join(data.split()))) if data.strip() else b""
    except (ValueError, zlib.error):
        raw = b"?"
    if not raw:
        return {}
    keys = list(states())
    if len(raw) != 8 * len(keys):
        warnings.warn("the odds table does not match the cards: regenerate it (odds.main())",
                      RuntimeWarning, stacklevel=2)
        return {}
    return dict(zip(keys, struct.unpack(f"<{len(keys)}d", raw), strict=True))


def encode(values: list[float]) -> str:
    """:func:`load`'s text of ``values``, in lines of 96 characters."""
    text = base64.b64encode(zlib.compress(struct.pack(f"<{len(values)}d", *values), 9)).decode()
    return "\n".join(text[i:i + 96] for i in range(0, len(text), 96))


DATA = """
eNrtWwlYjdkbT7bUiGQbhsZeCE2WFn9vMRFtdorEkNIqWUaN0JSQJVu0oaxZZigaVJJqtFHdVLqVbvd29+79qDRE3f9369yZ
Z7753/9dqsly7+N5vge/33m3851z3vc935U0ld0PutGhxxE/Y4+TNbAiJ/o/1moYqFpvev19BgaHNmhfeBb7CNRz1GZF3iOD
UZLqklIKA5Z3mTNB/0INZO43urW3Jwaku35WdPunsOvQzOPUn2lQMUH/LDuOC+SED5tuveTDPJ0Tx5wfYVBJHsEcd6gQGjVG
dpmlzYDeddyew2/XgO0Mlf2Le2MQ9cEy2B6Xa+FybalDBA0WVpeQ0y9x4fadY7obwvjwA3tSxf5IDFT2jFWhsjAYP+psdU4j
DQY5hR0ejMt7WEcL1gnnw9MHpTNP4rhniXsChDirC/OWhoyphuIwz1dlOI6nWrHVCMdtWj+7ZyiOm+za+4oQp9135IyIhHsQ
on9jcPLpItBwpI5XV6+GdcurLodkceDovfGXLPT48Dpmxn01P9nxExf3OOvxNA1c0teZptDLQW9Mgjo1kAmTk6d0jympgcAA
M78RfXC/h/3o5IT7wYNMVZ1/63fI8aB7+lVTQHNF1CKvLhwwrDcM3mLAh0UuBW++CcEgnBpwjs3EIHpbWFrw41x4XalRsbCa
CrEFJu+Ov+eAx2P/pjPb+DD1Xb+ZR85gMFDgRIrE7Y1B+FoC3hPh9RF+AMI3vzxsGbqVBBE079471ekQNMrBLz6bC6todZSG
CD403uyidQP3p8dqTVcajm9C+HAx+PcI7yYGvx/hV4vB+2xZ8NUloxKwmm/cu16TASyKNukghwvHq0Yz90Tx4e6li+fv4Hh9
XZW9QvyxIz5lV2qpEGIYMKAonAOpEVnZZ1k8CApXGZ9qhUFVc/UAy2cYHN3eU9+rHoOMAcfXTtOmgbZ52PfzIzkQdSxYNw/H
n3vZe8gTHJ+YejNCiM8rrDMW4utNtHbvY5fC4NDlkdzpDEjL6BFiweWCjtk4TX9cn7KI76KF+rjObtUnNH/NbN8DNJi6JmB1
t2scMNl1RZvC5gEW+9K4FB//UK2XqxU+/of3t0yF4yesD3DY/IgMxndINvUzGBA+aBFDOL6Zw4SW8fPR+CfQ+M6To5MDGuIg
7vb2Nddf5ANLf05isR8FbFaBl+5tJjgfrO7R+4caeHhYr1L5Hh+yc9Q8jKIx8PrmCf4nFZKQvGlIXiiSZ4nkZSJ55kieJJ5V
O/PunBY6MAuSl9+uTNSoAutLf/yS7cWGGwcaXo26zIPbs7232pjhcfR2TY1+ikE+eWO0c/0/eVYEXpwYnrx6Clp+eTB/XjJv
yTsqJOze7Eq15gDL7eyk4lIe3N04zN7CEoOXiTqbpuHxdrEl2Wyu7zh/iotf63whwTrtol4B5tVgo5F6Yt4DDhQW26xW4/Kg
y+zB+Ux8XlKfDH8lnJf/ORBoJpyXRN5CCbyZiCevfZuQvLUEPUkdJE9efwY09CNbOJdAYa+AzKdj6VDb5eI1k+cc2KITN2dB
DQ/mWh7J4+N6ClZnKVvjeqrtj2rRU8QjieHNQ7wu9q28Xog3ReiWfmRwO5e9Yvs8Oox8EU1/jfM2brVYbYHz6k0H5wt5flta
ebMPtPK8W+xjg/uKytHYZAz6rVHZV87HwLTn9EA1Ab7PGmDxb/DnvrFhFwT483Xx4Cbh06klDmRwaIkDHZSTXGfV4vLy8TgI
5bGRvH1I3mokT944TCbYNwLZ54jsqyPYZ4rkbUR6rhWjJ6ed9VzW8stA85QMG5Dct4mtcjOR3Gok1xfJNUFypeUzEN9HDN9Z
DD9LDB9klP//9S8CyxYF8H15OIuWN4UHSWnddF954fMr1Jq0gIdB7Ojuh1c1Y+Awf+0GJj6ftPO/UxXOq4/F/s71X9vtl1e+
UsuPgp410EX42IP+/W3r8xEep0Z8V2vGnz2UlJqFcXsvwJcFRfw6PX6tfDqo8cbgRx0++J0/CmnC/cFU7adyPD5nL54iC+Pk
Vl7bEi/vZkHLs+Uh6Hz9r7X8OHChZbnHIHBW81eFuF7PlLX+EOqne7dVz5Z5qfTqT72V0N8Fgr//vzJ6KhHwjQSeCP+5zF95
+VyPMcEnfamwZU+QtnsDni+nhi1pqOPDRnWWo0pa+9cFYoz29r1fQIHedkOzDUs4sKLPqLH1P/Lhx/j+ibphGLhXT8uJxvfV
U4PGYbv2VMFt/9CBmt9y4fTY53bGAXwo6uG3QDccA5ZlRtgvOM7/snv/Fz2pEOSqF1uqz4XDv6reHB7EB4H5W7NkHHeUlqqR
rsj32z3fbxl+LgXWYsrrH7DYkJGXy1iVw4Mlx30c387HIIXU/3Qlnk+dW/Z0vyM+z9KYlrqD+BRYppEuMOvBgcYhe4/uLeCB
k65GnYcFBr+eNmoYgc9Lwxcmbh44/ieU71uifJ9ByPfvEPL91/lvqk+eqYK6ymuNw6w4MJ2lFJdazoMntpHPduD5VliAZ8wU
4fnZh9MkHP8Nyt8HSZm/K/JrRX79MefX8uafW1rsw9/3k3uvrKrjwZya+OuFt/B1le9m4tWAQbB/MbULvm/asoZNY+HPUEbl
uybBX/mnq5T5p2kb86xAZN9zZN8rZJ8XwT5RnqyC7JM3j1Tkg4p8UJEPdl4+2Fn5UFvzkS89n3CMfLzMe2kFHFjzfZbtOg5g
F6IqXpziw0LBooxJcdLnE8Hm3QIyqkohKOeiHTxjgZHPe7ougwe8d0+X1vti0N3hvn8TDY/XjYe+X7uUQd3vDxf02sGGSJLP
Ev5wPngv6a43bB/u15FapQZ0PM9ZXUxzsKuAgS4XthX/wYbk4tDCycCHlT5zfUsP4/p7n1hWxfj084TWeVgK1NT8qxVKLHB/
3teUM5sHe0z9ox3GY8C3nhC96QkGBqUnj82pw+DuQWEnrgwCV6qvcr/Kgr5Xf2Pd2c6DsWqXZ/1ghEG6YPnMmBz8fJFTHqRV
L3ufr3rPzoGPLpWD2VRTk1HT2LD+3LCrP13kgYetwVfzZ2NQl7aoYH8uni8cbqibio+/S0Kfj3juV5zL2/dcLu+5FT+c4UwK
zEjSdrsRxYXpaUGOuz7wIas8yGIlHl+t4SUjm/HzpJmKzcJwfN/P3ma8JE8gf//j3+4nyXv+VJwjP+1zZOeeozq/rvupnkNS
pjxKux73HF5UVYff382EDP3sSd/d4UH6N+qnJ+JxeBNXG3HXrwCwsrQ/zA3o4LU5+SeSXQ18/XXdURdlDM7X/z5zJr5PDu7f
x45mUwj+Yz2Xm/zEgJQevkOjB/HgRG8Po4a5GJwrn3FgZCm+TrBsn60yLwL/vRkHpx1nwkXH+hSDUB6cCiJp7nfBoJZj6kCl
yH5eODFm2JsEm3xwD6GEL+1eDWf2zTmxwZML2s9C9MJD+EBx8jK6HIXBviExaevYGPCShAt+IRSk9a1g6zBgNvV5k/rZGlCf
sXUhJuCDB3Wr3vOHGOwJfROT+Vr2uqLovdRVMSzqp80EqvbNq95jeBAZAkMTdDHYPTTj/fhsfJ0d8kPvxjrZ7/n82/u5vPur
ast7WQzrUnaMOnGJCZ4pv04f78mDHw1vsLKs8f3uYJjr+ucYJJRFFW3D9737XXNLpjX/+/cn5K2X/dv3Lj6PPpz8+5WiD9s2
/tqsATTfkmwoF1S51hZQYapXike0Gxe0sCk9jpL4UHFpB9U4/jFoTvx5btGil0CJuR23u5gFDRP40cbpPAiNPWapthmDUXSz
UNWxT+DdiCXQyKSAct4kfdVcNlzxi9Ojd+XDwMY1tCE7pe93ac6Jtf72+0dgrEOL0Iwiw871VScf+zLgt0PGc5S0aoBUZ8Kd
9ysfQjaPdt13XvZ8T9b9pKP7SPKu34r+Q0eui19uPdaH7HTM/mYSrOk6cMrL2Bcw1WnCPfuuDOh/IXhX7ZQaMKfbHRTYxkGi
Vgw1ZSYJTA03bFWyo0LFOM07KQlscKwbPUv5Hk8izgnhpK1v0bwvh6rtuATDAkNG1DKeQFC9YyVjYhk0LKzhVmylw4ZR7A8L
tLmQ0WjYzXQG/6OrS33udZdPPf+ecHj4ItOEVDhCcjPmPSoDxoP1l+drMaHxwr6TPr/UQO6YZN1qNQw453PNmTl/xfM2IZ4L
UTzdUDxTUTyfoHhKmgcuBF62lLxNiJciJ++hjDznduZJin8uih8Xxc8fxe97KeePiM8ixH+mlPyPpQ/WUefxdYOu3lgR9hx+
1sg/m+3MhPpfZi3VHMeHxRGXt9/F5/vRbs6B5A8YlMzIes9dmw/26RPDx56nwQWLHVHjbLgQFOdmbxHMB/qRM1kHIjA8v/1t
aAm+LpQi/HqEj0R4P4SvQPgYhC9GeGeEP4vwOxCejPDXCXhHhD+H8NsJ+GsE/EYx+FIx4xPxWxH+BQHfun4WQOO2KRsvLaqG
QAcXFpRxwe7Ze+Wmt3xw0rSlFBfg5yKye/jXjRhY1PTy9RRIXnet0bqbhdZdKzHr9XTEO0VYr0U8CwIvUUreAinlWUqQJy3P
8m+8v/y5C/lzDfLnFuRPpbJWf86U0p8i+7Ll3P9EvHly8tpnn/7LL7uRX+yRX3wI88xERr9kymlfZjvb94Fg3xqCfaK4y2tf
e+nZJCYOvnLqaSmlPH8p5Sn2x449n7bX+eRL5SvmT9vev0+F/7nGr636dzb/3/Lfl3rPsFDv8WQDSjF8O0hDx72ICWTlTbGZ
MTwI8FhJvbYVgy2m5zNf0STXlQIIdaXjSSnqv9/IhzM2Khb2varBPvh1ZpErFwJuLK5+j+cnicyndB08P+HdPJaUi58f3hc8
yK0yK4KdpA/9U24ygLWWZFRLrYGkYDvT4SMwiH148sPaTAxeqA5UTa3D4B3C70B4DgF/FeGLEf4Y0ucE0scB6bMb6ZOM9MGQ
PiJ7naW0t6PPr+11rm/tS+WDOaHuzUN17wRU9yajurcbqnuLeMR6eQ2BV07gyeuXBS0vVDE0f1W4+84kJgj6eN0nj+FB5r2R
R2/MwIDziAKaeRi4N5Tt/PENBveWujv3aRbdm8j7h31sQl2/Aum5qY11fWnlvWwnefL6s6PXqbbypdun/9n/SET9j/6E/sca
1P/QIfQ/Otd+8f0bDaT/NaT/aqT/+I+sfyOv/a52K1VOdi+BDVZ7QkjubFhRb/k6tDsG27m8/RV8DKKzR+ZNKiOB1mlNEzdX
Bvh1fRc72IUHj+/p6V3fhkHYm5veR+gYnEe4bxHOE+GyEC4E4UTjDUU4N4RLR7jTCBeDcEMQzgXh0hDuhAScSL9TBLlEXCoB
x2xJlIuA8Qzi7L9hgWCjJc12HR9U7kU3787HgE2ZaJX1AX8O1elXicffndBP7o/6yQaon7wY9ZPDUD/ZTQzeUE78EjnxZ+TE
s5F/2Mg/Tcg/vZB/eMg/XOQfWfvtIny2jPicdsaL/MlA9rKQvcpOrfZ2Q/ZiyF4ewV5x+i9uoz6y4ukE/ZWQ/j0I+vNljJe8
+lSL0adrG/UJl2CvaHw+YXx56++iexEPCfcprqN7EfHoXkQ6uhdRSLhPIYknuk9RICcvX0peHEFPUht58WJ418TwnhN4yTL6
UxLvjgQ9peXJKi+DwJO3LyHp3o7In78jeXmE+CXJyZNWXr6MvHQZefFy6tnRPCspefL2XSTFL/4Ti1+6nHqmy3gfLV4MT97+
kKz+LGgn+5LayLOSkidvP6pz7hMq+lgfy73rB2Ly+1UoPx77t/xYPF+TkF/bI/44CXxRfj5ATH6uLYEvW31CvHwR/6qE+oai
j6foA3bE+9ePMP/t/md9SvL9ZFn5iTLVxzquvqbog36a8zdJwv6hI+X80yTwpV3/xclfLeP9fEUfV774J4pZf2SNXz/C/isu
fp92H7nzvi+xTepupfo2Hq4nD7u/fkEhbGgaU5eWToV9o/TTmRgbihomX3El8/783uIbMd9bbETfW2Sj7y3EfZ/xBuEdEf6J
BLy47zk+Nrzi/r/i/v/ndC69OW6ame2ZWOCPiCu7m54Lb/tm/bHrdCVYqx3YdS2VCXaOjt0a0yLBY39Zes35xwDne83m7C2B
QEN9h9cUGizIMAj2NOD8ifNEOBOEC0A4cwk40XjzOhmnWP8U659i/fty1r//AmYOQWs=
"""
