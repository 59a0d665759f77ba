"""The pictures the tests feed yir's image cache, made with Pillow (`python make.py`).

subject-right.jpg: a warm, detailed disc (the subject) at the right of a flat grey photo, where a
centred square crop would leave it out. The others: the formats a wiki's thumbnails come in, and
files that are no picture or claim to be a huge one.
"""
import io
import struct
import zlib

from PIL import Image, ImageDraw

subject = Image.new("RGB", (400, 200), (128, 128, 128))
draw = ImageDraw.Draw(subject)
for r, colour in [(44, (230, 150, 110)), (30, (200, 90, 60)), (12, (40, 20, 10))]:
    draw.ellipse((340 - r, 100 - r, 340 + r, 100 + r), fill=colour)
for x in range(300, 381, 8):
    draw.line((x, 60, x + 4, 140), fill=(250, 220, 180), width=2)
subject.save("subject-right.jpg", quality=85)

photo = Image.new("RGB", (240, 160))
photo.putdata([(x, (y * 3) % 256, (x + y) % 256) for y in range(160) for x in range(240)])
photo.save("photo.png")
photo.save("photo.gif")
photo.save("photo.webp", quality=80)
photo.resize((60, 40)).save("photo.tiff")

data = open("subject-right.jpg", "rb").read()
open("truncated.jpg", "wb").write(data[: len(data) // 2])
open("malformed.jpg", "wb").write(b"\xff\xd8\xff\xe0" + bytes(range(256)) * 8)


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


# A PNG that claims 100,000 × 100,000 pixels in a few hundred bytes.
huge = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 2, 0, 0, 0))
huge += chunk(b"IDAT", zlib.compress(b"\x00" * 3001)) + chunk(b"IEND", b"")
open("huge-claim.png", "wb").write(huge)

open("drawing.svg", "w").write('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><circle r="40" cx="50" cy="50"/></svg>\n')
open("page.html", "w").write("<!doctype html><title>Not found</title>\n")
