"""Frames: round trips in any chunking, the size cap, and garbage always raising FrameError."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.errors import TabletopError
from tabletop.i18n import render
from tabletop.net.framing import (
    MAX_CLIENT_FRAME,
    FrameError,
    FrameReader,
    decode_body,
    encode,
    frame_text,
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
messages = st.dictionaries(st.text(max_size=10), json_values, max_size=5)


@settings(max_examples=150, deadline=None)
@given(objs=st.lists(messages, min_size=1, max_size=6), cuts=st.lists(st.integers(0, 10_000)))
def test_round_trip_in_any_chunks(objs: list[dict], cuts: list[int]) -> None:
    """Frames split anywhere come back whole and in order."""
    stream = b"".join(encode(o) for o in objs)
    points = sorted({c % (len(stream) + 1) for c in cuts} | {0, len(stream)})
    reader = FrameReader(MAX_CLIENT_FRAME)
    got: list[dict] = []
    for a, b in itertools.pairwise(points):
        got.extend(reader.feed(stream[a:b]))
    assert got == objs
    assert reader.pending == 0


def test_unicode_text_is_utf8() -> None:
    """Names and labels travel as UTF-8, not escaped."""
    data = encode({"name": "ハゲタカ"})
    assert "ハゲタカ".encode() in data
    assert int.from_bytes(data[:4], "big") == len(data) - 4


def test_oversize_header_is_refused_before_the_body_arrives() -> None:
    """A length above the cap fails at once; the reader then refuses everything."""
    reader = FrameReader(1000)
    with pytest.raises(FrameError) as err:
        reader.feed((1001).to_bytes(4, "big"))
    assert err.value.code == "too-big" and isinstance(err.value, TabletopError)
    assert render(err.value.reason, "en") == "A frame of 1001 bytes exceeds the cap of 1000."
    assert render(err.value.reason, "ja") == (
        "1001バイトのフレームは上限の1000バイトを超えています。"
    )
    with pytest.raises(FrameError):
        reader.feed(encode({"type": "ping"}))


def test_exact_cap_is_allowed() -> None:
    """A frame of exactly the cap is accepted."""
    body = '{"a":"' + "x" * 92 + '"}'
    assert len(body) == 100
    assert FrameReader(100).feed(frame_text(body)) == [{"a": "x" * 92}]


@pytest.mark.parametrize(
    "body",
    [b"\xff\xfe", b"not json", b"[1,2]", b'"text"', b"NaN", b'{"a":NaN}', b"[" * 5000, b"{}}"],
)
def test_bad_bodies(body: bytes) -> None:
    """Bodies that are not one JSON object raise FrameError, nothing else."""
    with pytest.raises(FrameError):
        decode_body(body)
    reader = FrameReader(MAX_CLIENT_FRAME)
    with pytest.raises(FrameError):
        reader.feed(len(body).to_bytes(4, "big") + body)


def test_empty_frame_is_refused() -> None:
    """A zero length is not a frame."""
    with pytest.raises(FrameError):
        FrameReader(100).feed(b"\0\0\0\0")


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=300))
def test_arbitrary_bytes_never_crash(data: bytes) -> None:
    """Random bytes give frames (dicts) or FrameError; never another exception."""
    reader = FrameReader(256)
    try:
        for obj in reader.feed(data):
            assert isinstance(obj, dict)
    except FrameError as err:
        assert err.code in ("bad-frame", "too-big")
