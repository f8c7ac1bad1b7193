"""Frame sources: a camera index, a video file, an RTSP/HTTP URL or a folder of images.

``open_source(spec)`` picks the kind from ``spec`` (an int or digit string → camera;
``rtsp://``, ``http://``, ``https://`` → stream; a directory → folder; anything else → a
video file).  Iterating a source yields :class:`Frame` values.  A live source (camera or
stream) that stops delivering yields a ``Frame`` with ``image=None`` and ``status='lost'``
once, then tries to reopen it with back-off, and resumes with ``status='ok'`` (after a
``'reconnected'`` frame) — it never raises for a lost camera.  Files and folders end when
they run out; a folder's unreadable image is reported as a ``Frame`` with
``status='error'`` and ``error`` naming the file, and the rest go on.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

__all__ = ["Frame", "FrameSource", "CameraSource", "VideoFileSource", "FolderSource", "open_source"]

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"}


@dataclass
class Frame:
    index: int
    t: float  # seconds: monotonic clock for live sources, position for files and folders
    image: np.ndarray | None
    status: str = "ok"  # 'ok' | 'lost' | 'reconnected' | 'error'
    error: str | None = None
    source: str = ""


class FrameSource:
    name = "source"

    def __iter__(self) -> Iterator[Frame]:  # pragma: no cover - abstract
        raise NotImplementedError

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class CameraSource(FrameSource):
    """A camera index or a stream URL through ``cv2.VideoCapture``, with reconnect.

    ``max_retries`` (None: for ever) bounds reconnect attempts; after that iteration ends.
    ``capture_factory`` builds the capture (tests may pass one that fails).
    """

    def __init__(self, spec: int | str, retry_s: float = 0.5, max_retry_s: float = 5.0,
                 max_retries: int | None = None, capture_factory: Callable | None = None,
                 sleep: Callable[[float], None] = time.sleep, clock: Callable[[], float] = time.monotonic):
        self.spec = spec
        self.name = f"camera {spec}"
        self.retry_s, self.max_retry_s, self.max_retries = retry_s, max_retry_s, max_retries
        self._factory = capture_factory or (lambda s: cv2.VideoCapture(s))
        self._sleep, self._clock = sleep, clock
        self._cap = None

    def _open(self) -> bool:
        try:
            cap = self._factory(self.spec)
        except Exception:  # noqa: BLE001 - a driver error is a lost camera, not a crash
            return False
        if cap is None or not cap.isOpened():
            if cap is not None:
                cap.release()
            return False
        self._cap = cap
        return True

    def close(self) -> None:
        if self._cap is not None:
            self._cap.release()
            self._cap = None

    def __iter__(self) -> Iterator[Frame]:
        index = 0
        lost_reported = False
        attempts = 0
        delay = self.retry_s
        while True:
            if self._cap is None:
                if self._open():
                    if lost_reported:
                        yield Frame(index, self._clock(), None, "reconnected", source=self.name)
                    lost_reported, attempts, delay = False, 0, self.retry_s
                else:
                    if not lost_reported:
                        lost_reported = True
                        yield Frame(index, self._clock(), None, "lost", f"{self.name} is not available",
                                    source=self.name)
                    attempts += 1
                    if self.max_retries is not None and attempts > self.max_retries:
                        return
                    self._sleep(delay)
                    delay = min(self.max_retry_s, delay * 2)
                    continue
            try:
                ok, img = self._cap.read()
            except Exception:  # noqa: BLE001
                ok, img = False, None
            if not ok or img is None:
                self.close()
                continue
            yield Frame(index, self._clock(), img, "ok", source=self.name)
            index += 1


class VideoFileSource(FrameSource):
    def __init__(self, path: str | Path):
        self.path = str(path)
        self.name = self.path

    def __iter__(self) -> Iterator[Frame]:
        cap = cv2.VideoCapture(self.path)
        if not cap.isOpened():
            yield Frame(0, 0.0, None, "error", f"cannot open video {self.path}", source=self.name)
            return
        fps = cap.get(cv2.CAP_PROP_FPS) or 30.0
        if not fps or fps != fps or fps <= 0:
            fps = 30.0
        i = 0
        try:
            while True:
                ok, img = cap.read()
                if not ok or img is None:
                    return
                yield Frame(i, i / fps, img, "ok", source=self.name)
                i += 1
        finally:
            cap.release()


class FolderSource(FrameSource):
    """The images of a folder in name order, ``fps`` apart in time."""

    def __init__(self, path: str | Path, fps: float = 30.0):
        self.path = Path(path)
        self.name = str(path)
        self.fps = fps

    def __iter__(self) -> Iterator[Frame]:
        files = sorted(p for p in self.path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        for i, p in enumerate(files):
            try:
                data = np.fromfile(str(p), dtype=np.uint8)
                img = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
            except OSError:
                img = None
            if img is None:
                yield Frame(i, i / self.fps, None, "error", f"cannot read image {p}", source=str(p))
                continue
            yield Frame(i, i / self.fps, img, "ok", source=str(p))


def open_source(spec: int | str, **kw) -> FrameSource:
    if isinstance(spec, int) or (isinstance(spec, str) and spec.isdigit()):
        return CameraSource(int(spec), **kw)
    s = str(spec)
    if s.lower().startswith(("rtsp://", "http://", "https://", "rtmp://")):
        return CameraSource(s, **kw)
    if Path(s).is_dir():
        return FolderSource(s, **kw)
    return VideoFileSource(s)
