from __future__ import annotations

import cv2
import numpy as np

from vision.sources import CameraSource, FolderSource, VideoFileSource, open_source


def test_folder_reports_unreadable_image_and_goes_on(tmp_path):
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"f{i}.png"), np.full((20, 30, 3), 40 * i, np.uint8))
    (tmp_path / "f1b.png").write_bytes(b"garbage")
    src = open_source(str(tmp_path))
    assert isinstance(src, FolderSource)
    frames = list(src)
    assert [f.status for f in frames] == ["ok", "ok", "error", "ok"]
    assert "f1b.png" in frames[2].error and frames[2].image is None
    assert frames[3].image.shape == (20, 30, 3)


def test_video_file_frames(tmp_path):
    p = tmp_path / "v.avi"
    w = cv2.VideoWriter(str(p), cv2.VideoWriter_fourcc(*"MJPG"), 10.0, (64, 48))
    assert w.isOpened()
    for i in range(5):
        w.write(np.full((48, 64, 3), 50 * i, np.uint8))
    w.release()
    frames = list(open_source(str(p)))
    assert len(frames) == 5 and all(f.status == "ok" for f in frames)
    assert abs(frames[4].t - 0.4) < 1e-6
    assert [f.status for f in VideoFileSource(tmp_path / "none.avi")] == ["error"]


class _FlakyCapture:
    """A capture that delivers two frames, then fails; the next open works again."""

    opened = 0

    def __init__(self, spec):
        _FlakyCapture.opened += 1
        self.n = 0
        self.ok = _FlakyCapture.opened != 2  # the first reconnect attempt fails

    def isOpened(self):  # noqa: N802 - cv2.VideoCapture's name
        return self.ok

    def read(self):
        self.n += 1
        if self.n > 2:
            return False, None
        return True, np.zeros((4, 4, 3), np.uint8)

    def release(self):
        pass


def test_lost_camera_is_reported_and_reconnected():
    _FlakyCapture.opened = 0
    sleeps = []
    src = CameraSource(0, capture_factory=_FlakyCapture, sleep=sleeps.append, max_retries=5)
    statuses = []
    for f in src:
        statuses.append(f.status)
        if len(statuses) >= 6:
            break
    assert statuses == ["ok", "ok", "lost", "reconnected", "ok", "ok"]
    assert sleeps and sleeps[0] > 0


def test_missing_camera_does_not_crash():
    src = CameraSource(97, max_retries=1, sleep=lambda s: None)
    frames = list(src)
    assert [f.status for f in frames] == ["lost"] and "camera 97" in frames[0].error
