"""Maximum matchings in a general graph (Edmonds' blossoms), the check behind every two-seat
pairing: "can the players still unpaired all be paired without a rematch?" is "has this graph a
matching of that size?".

Vertices are ``0..count-1``; ``neighbours[v]`` the vertices ``v`` may be paired with (symmetric).
A vertex can be taken out (paired for good); :meth:`Matcher.take` takes two out together and
repairs the matching of the rest, keeping the change only when the rest still has a matching of
the size asked. Each repair is one augmenting-path search per freed vertex, so a pairing built
one table at a time costs a few searches, not a new matching per table.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

FREE = -1


class Matcher:
    """A maximum matching of the graph's vertices still in (``mate[v]``: its partner or FREE)."""

    def __init__(self, neighbours: Sequence[Sequence[int]], start: Sequence[int] = ()) -> None:
        """``start``: vertices tried first, in order, each matched greedily to its first free
        neighbour (a good first guess makes most later :meth:`take` calls free)."""
        self.neighbours = neighbours
        count = len(neighbours)
        self.inside = [True] * count
        self.mate = [FREE] * count
        for v in (*start, *range(count)):
            if self.mate[v] == FREE:
                for w in neighbours[v]:
                    if w != v and self.mate[w] == FREE:
                        self.mate[v], self.mate[w] = w, v
                        break
        for v in range(count):
            if self.mate[v] == FREE:
                self._augment(v)

    @property
    def size(self) -> int:
        return sum(1 for v, w in enumerate(self.mate) if w != FREE and self.inside[v]) // 2

    def take(self, a: int, b: int, need: int) -> bool:
        """Take ``a`` and ``b`` out if the vertices left then have a matching of ``need`` pairs
        (their matching is repaired); else change nothing and return False."""
        if self.mate[a] == b:  # the rest keeps a maximum matching: one pair fewer
            if self.size - 1 < need:
                return False
            self.inside[a] = self.inside[b] = False
            self.mate[a] = self.mate[b] = FREE
            return True
        saved = list(self.mate)
        freed = [self.mate[v] for v in (a, b) if self.mate[v] != FREE]
        for v in (a, b):
            self.inside[v] = False
            self.mate[v] = FREE
        for v in freed:
            self.mate[v] = FREE
        # The freed partners first (in a perfect matching, the only free vertices); then any
        # vertex free before, which may now reach a freed one: each free vertex tried once
        # makes the matching maximum again (a vertex without an augmenting path never gains one).
        for v in (*freed, *range(len(self.mate))):
            if self.inside[v] and self.mate[v] == FREE:
                self._augment(v)
        if self.size >= need:
            return True
        self.mate = saved
        self.inside[a] = self.inside[b] = True
        return False

    def _augment(self, root: int) -> bool:
        """Grow the matching by an augmenting path from the free vertex ``root``, if one exists."""
        end = self._path(root)
        if end == FREE:
            return False
        v = end
        while v != FREE:
            pv = self._parent[v]
            ppv = self.mate[pv]
            self.mate[v], self.mate[pv] = pv, v
            v = ppv
        return True

    def _path(self, root: int) -> int:
        count = len(self.neighbours)
        mate, inside = self.mate, self.inside
        parent = [FREE] * count
        base = list(range(count))
        outer = [False] * count
        outer[root] = True
        queue = deque([root])
        self._parent = parent

        def lca(a: int, b: int) -> int:
            seen = [False] * count
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == FREE:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark(v: int, top: int, child: int, blossom: list[bool]) -> None:
            while base[v] != top:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while queue:
            v = queue.popleft()
            for to in self.neighbours[v]:
                if not inside[to] or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != FREE and parent[mate[to]] != FREE):
                    top = lca(v, to)
                    blossom = [False] * count
                    mark(v, top, to, blossom)
                    mark(to, top, v, blossom)
                    for i in range(count):
                        if blossom[base[i]]:
                            base[i] = top
                            if not outer[i]:
                                outer[i] = True
                                queue.append(i)
                elif parent[to] == FREE:
                    parent[to] = v
                    if mate[to] == FREE:
                        return to
                    outer[mate[to]] = True
                    queue.append(mate[to])
        return FREE
