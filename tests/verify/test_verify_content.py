"""verify's reading of PDF content streams: the stream split at its strings, arrays and comments and the
words between split at white space (pdfcontent.operations) reads every stream as the one regular
expression that read it before (regex_operations), and as the token-by-token reader where that one
hands over (nested brackets in a string, an inline image). A stream's bytes are decoded
(pdfcontent.decoded) as pypdf decodes them, by a quicker way for what reportlab writes."""

from __future__ import annotations

import base64
import random
import zlib

import pypdf
import pytest
from pypdf.generic import ArrayObject, DecodedStreamObject, EncodedStreamObject, NameObject

from printkit.verify.pdfcontent import _stream_bytes, decoded, operations, regex_operations, slow_operations

TRICKY = [
    b"",
    b"q 1 0 0 1 10 20 cm 0 0 56.69 56.69 re f Q",
    b"BT /F1 12 Tf (a\\(b\\)) Tj [(x) -250 <0041>] TJ ET % a comment (not a string\n/P <</MCID 0>> BDC EMC",
    b"BT (a(b)c) Tj ET",  # nested brackets: token by token
    b"q BI /W 1 /H 1 ID \x00\xff EI Q 1 0 0 RG",  # an inline image: token by token
    b"/a/b//c 1 2 op",  # names written against each other
    b"1.2.3 + - . 5. -.5 +.5 1e5 nan -inf 1_0 op",  # operators that look like numbers, numbers Python would take
    b"1\x002\x0b3 x",  # PDF's NUL is white space, the vertical tab is not
    b"> { } ) < <zz> <41 42> << >> >>> [ ] ] [[1] 2] op",  # stray delimiters
    b"(unterminated",
    b"(a\\\nb) Tj (\\101\\60\\7) Tj (\\\\) Tj",  # a line continuation, octal escapes, a backslash
    b"%only a comment",
    b"BIx BI",
]


@pytest.mark.parametrize("stream", TRICKY)
def test_tricky_streams_read_alike(stream):
    assert operations(stream) == regex_operations(stream)


def test_the_inline_image_and_nested_brackets_go_token_by_token():
    for stream in (TRICKY[3], TRICKY[4]):
        assert operations(stream) == slow_operations(stream)
    assert operations(TRICKY[3]) == [("BT", []), ("Tj", [b"a(b)c"]), ("ET", [])]


_PIECES = [b" ", b"\n", b"\r", b"\t", b"\x0c", b"\x00", b"\x0b", b"1", b"2.5", b"-3", b"+.5", b"5.", b".", b"-",
           b"+", b"1.2.3", b"1e5", b"q", b"re", b"Tj", b"BI", b"EI", b"/F1", b"/", b"//", b"(", b")", b"(abc)",
           b"(a\\)b)", b"(a\\\\)", b"\\", b"<", b">", b"<<", b">>", b"<41>", b"<4 1>", b"<zz>", b"[", b"]", b"{",
           b"}", b"%c\n", b"%", b"nan", b"-inf", b"1_0", b"\xff", b"(x(y)z)", b"<>", b"_", b"e", b"BIx"]


def test_random_streams_of_tricky_pieces_read_alike():
    rng = random.Random(21)
    for _ in range(4000):
        stream = b"".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 16)))
        assert operations(stream) == regex_operations(stream), stream


def test_every_page_of_the_default_kit_reads_alike(default_kit):
    pages = 0
    for path in sorted(default_kit.rglob("*.pdf")):
        for page in pypdf.PdfReader(str(path)).pages:
            data = _stream_bytes(page)
            assert operations(data) == regex_operations(data), f"{path.name} page {pages}"
            pages += 1
    assert pages >= 30


def test_every_stream_of_the_default_kit_decodes_as_pypdf_decodes_it(default_kit, monkeypatch):
    """Every stream of every PDF (pages, fonts, their ToUnicode maps) decodes to pypdf's bytes, and every
    page's content (ASCII85 then Flate, as reportlab writes it) without pypdf's decoders."""
    streams = pages = 0
    for path in sorted(default_kit.rglob("*.pdf")):
        reader = pypdf.PdfReader(str(path))
        for number in range(1, len(reader.xref.get(0, {})) + 1):
            obj = reader.get_object(number)
            if isinstance(obj, EncodedStreamObject):
                assert decoded(obj) == obj.get_data(), f"{path.name} object {number}"
                streams += 1
        with monkeypatch.context() as m:
            m.setattr(EncodedStreamObject, "get_data", lambda self: pytest.fail("pypdf decoded a page's content"))
            for page in reader.pages:
                assert _stream_bytes(page)
                pages += 1
    assert streams >= 70 and pages >= 30


def _stream(raw: bytes, *filters: str) -> EncodedStreamObject:
    stream = EncodedStreamObject()
    stream[NameObject("/Filter")] = ArrayObject(NameObject(f) for f in filters)
    stream._data = raw
    return stream


_CONTENT = b"q 1 0 0 1 10 20 cm 0 0 56.69 56.69 re f Q\n" * 40 + bytes(8)  # four zero bytes: ASCII85's z
_A85 = base64.a85encode(zlib.compress(_CONTENT), wrapcol=64, adobe=False) + b"~>"


@pytest.mark.parametrize("raw", [
    _A85,
    b"  " + _A85.replace(b"\n", b"\r\n") + b"\n",  # white space around and inside
    _A85[:-2],  # no end mark
    _A85[:40] + b"~>",  # the Flate data cut short
    _A85[:-2] + b"+<VdL~>",  # something after the Flate data
    _A85[:10] + b"\xff" + _A85[10:],  # a byte that is no ASCII85 digit
    _A85[:10] + b"v" + _A85[10:],
    b"uuuuu~>",  # a group past 2**32
    base64.a85encode(b"not flate", adobe=False) + b"~>",
    b"<~" + _A85,  # the start mark, which PDF does not write
])
def test_a_stream_decodes_as_pypdf_decodes_it_or_fails_as_pypdf_fails(raw):
    try:
        expected = _stream(raw, "/ASCII85Decode", "/FlateDecode").get_data()
    except Exception as exc:  # noqa: BLE001 - whatever pypdf raises, decoded raises the same
        with pytest.raises(type(exc)):
            decoded(_stream(raw, "/ASCII85Decode", "/FlateDecode"))
    else:
        assert decoded(_stream(raw, "/ASCII85Decode", "/FlateDecode")) == expected
    if raw is _A85:
        assert expected == _CONTENT


def test_other_filters_and_decoded_streams_are_pypdfs():
    flate = zlib.compress(b"0 0 m 10 10 l S")
    assert decoded(_stream(flate, "/FlateDecode")) == b"0 0 m 10 10 l S"
    plain = DecodedStreamObject()
    plain.set_data(b"BT ET")
    assert decoded(plain) == b"BT ET"


def test_a_stream_made_to_inflate_past_the_limit_is_left_to_pypdf(monkeypatch):
    """A small stream that inflates to a lot (a file made to fill the memory) is not inflated whole on the
    quick way: past INFLATED_AT_MOST the stream is pypdf's, with its own limit; below it, the quick way's."""
    from printkit.verify import pdfcontent

    monkeypatch.setattr(pdfcontent, "INFLATED_AT_MOST", 1000)
    big = _stream(base64.a85encode(zlib.compress(bytes(5000)), adobe=False) + b"~>", "/ASCII85Decode",
                  "/FlateDecode")
    asked = []
    monkeypatch.setattr(EncodedStreamObject, "get_data", lambda self: asked.append(self) or b"pypdf's")
    assert decoded(big) == b"pypdf's" and asked == [big]
    small = _stream(base64.a85encode(zlib.compress(bytes(1000)), adobe=False) + b"~>", "/ASCII85Decode",
                    "/FlateDecode")
    assert decoded(small) == bytes(1000) and asked == [big]
