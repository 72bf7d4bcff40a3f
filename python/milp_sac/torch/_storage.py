"""Live tensor storages, counted once each, for the dispatch modes of this package.

PyTorch 1.13 has no CPU allocator statistics and does not keep a storage's
Python object alive, so a storage's life is followed through the Python
objects of the tensors that share it: a storage is live while at least one of
them is (tensors keep their Python object while C++ holds them). Tensors that
autograd saves are shown to the tracker by a saved-tensors pack hook, so a
storage kept only by autograd stays counted.
"""
from __future__ import annotations

import weakref
from typing import Any, Callable, Iterable, Optional

import torch

# Categories of memory, as PyTorch's MemTracker names them.
PARAM, BUFFER, GRAD, ACT, TEMP = "param", "buffer", "grad", "act", "temp"
CATEGORIES = (PARAM, BUFFER, GRAD, ACT, TEMP)


def storage_of(t: torch.Tensor) -> Optional[Any]:
    """The untyped storage of a dense tensor (None for tensors without one)."""
    if t.is_sparse or t.device.type == "meta":
        return None
    try:
        if hasattr(t, "untyped_storage"):  # torch >= 2.0
            return t.untyped_storage()
        return t.storage().untyped()
    except (RuntimeError, NotImplementedError):
        return None


class _Record:
    __slots__ = ("nbytes", "category", "refs", "serial")

    def __init__(self, nbytes: int, category: str, serial: int):
        self.nbytes = nbytes
        self.category = category
        self.refs = 0
        self.serial = serial  # unique for the tracker's life (storage addresses are reused)


class LiveStorages:
    """Bytes of live storages per category; `on_free(record)` is called when one dies."""

    def __init__(self) -> None:
        self._records: dict[int, _Record] = {}
        self._weak: dict[int, weakref.ref] = {}  # id(tensor) -> weakref with callback
        self.live = dict.fromkeys(CATEGORIES, 0)
        self.total = 0
        self._serial = 0
        self.on_free: Optional[Callable[[_Record], None]] = None

    def record(self, t: torch.Tensor) -> Optional[_Record]:
        st = storage_of(t)
        return None if st is None else self._records.get(st._cdata)

    def see(self, t: torch.Tensor, category: str) -> tuple[Optional[_Record], bool]:
        """Track t's storage (category for a storage not seen before); (record, is_new)."""
        st = storage_of(t)
        if st is None:
            return None, False
        key = st._cdata
        rec = self._records.get(key)
        new = rec is None
        if rec is None:
            self._serial += 1
            rec = _Record(st.nbytes(), category, self._serial)
            self._records[key] = rec
            self.live[category] += rec.nbytes
            self.total += rec.nbytes
        elif rec.nbytes != st.nbytes():  # resized in place (out= operators)
            delta = st.nbytes() - rec.nbytes
            rec.nbytes += delta
            self.live[rec.category] += delta
            self.total += delta
        if id(t) not in self._weak:
            rec.refs += 1
            self._weak[id(t)] = weakref.ref(t, self._dropper(id(t), key, rec))
        return rec, new

    def _dropper(self, tid: int, key: int, rec: _Record) -> Callable[[Any], None]:
        def drop(_: Any) -> None:
            self._weak.pop(tid, None)
            rec.refs -= 1
            if rec.refs == 0 and self._records.get(key) is rec:
                del self._records[key]
                self.live[rec.category] -= rec.nbytes
                self.total -= rec.nbytes
                if self.on_free is not None:
                    self.on_free(rec)

        return drop

    def recategorize(self, t: torch.Tensor, category: str) -> None:
        rec = self.record(t)
        if rec is not None and rec.category != category:
            self.live[rec.category] -= rec.nbytes
            self.live[category] += rec.nbytes
            rec.category = category

    def live_records(self, category: str) -> list[_Record]:
        """The records of the live storages of one category (to ask later which still live)."""
        return [rec for rec in self._records.values() if rec.category == category]

    def live_serials(self) -> set[int]:
        return {rec.serial for rec in self._records.values()}

    @staticmethod
    def bytes_still_live(records: list[_Record]) -> int:
        return sum(rec.nbytes for rec in records if rec.refs > 0)

    def snapshot(self) -> dict[str, int]:
        return dict(self.live)


def tensors_in(obj: Any) -> Iterable[torch.Tensor]:
    """The tensors of a nested structure of tuples, lists and dicts."""
    if isinstance(obj, torch.Tensor):
        yield obj
    elif isinstance(obj, (list, tuple)):
        for o in obj:
            yield from tensors_in(o)
    elif isinstance(obj, dict):
        for o in obj.values():
            yield from tensors_in(o)
