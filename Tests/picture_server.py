#!/usr/bin/env python3
"""The HTTPS server of `yir images`' end-to-end tests (Tests/YirEndToEndTests/ImagesTests.swift):
Python's own `ssl` and `http.server` on 127.0.0.1, with the certificate the test made, serving
the answers a picture host can give — good pictures, a slow one, huge ones, the wrong type,
redirects, errors that pass and errors that stay.

Usage: picture_server.py CERT KEY LOG
  CERT, KEY  the server's certificate and key (PEM)
  LOG        each request, as a JSON line: {"path", "user_agent", "host"}
Prints the port once listening, then serves until standard input closes (so it never outlives
its test).
"""
import http.server
import json
import os
import socket
import ssl
import struct
import sys
import threading
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
# An 8 × 8 baseline JPEG (647 bytes) written by libjpeg-turbo's jpeg_write_scanlines at quality 75.
JPEG = open(os.path.join(HERE, "Pictures", "picture.jpg"), "rb").read()


def png(width=4, height=4):
    """A valid PNG of `width` × `height` RGB pixels, made with zlib."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + bytes([200, 40 * y % 256, 90]) * width for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


PNG = png()
HUGE = 3_000_000          # over the 2 MB limit
SLOW = 6                  # seconds: longer than the tests' --image-timeout
counts = {}
lock = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"   # for the chunked body; every answer still closes its connection

    def setup(self):
        # The handshake in this request's thread, not in the accepting one: a client that never
        # finishes it (one that refuses the certificate) holds up no other.
        self.request.settimeout(30)
        self.request.do_handshake()
        super().setup()

    def log_message(self, *args):
        pass

    def answer(self, status, body=b"", kind=None, length=True, headers=()):
        self.send_response(status)
        self.send_header("Connection", "close")
        if kind:
            self.send_header("Content-Type", kind)
        if length:
            self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path = self.path
        with lock:
            counts[path] = counts.get(path, 0) + 1
            seen = counts[path]
            with open(sys.argv[3], "a") as log:
                log.write(json.dumps({"path": path, "user_agent": self.headers.get("User-Agent"),
                                      "host": self.headers.get("Host")}) + "\n")
        port = self.server.server_address[1]
        path = path.split("?")[0]   # /slow.jpg?2: the slow answer under another URL
        try:
            if path == "/good.jpg" or path == "/other.jpg":
                self.answer(200, JPEG, "image/jpeg")
            elif path == "/good.png" or path == "/after-redirect.png":
                self.answer(200, PNG, "image/png; charset=binary")
            elif path == "/slow.jpg":
                time.sleep(SLOW)
                self.answer(200, JPEG, "image/jpeg")
            elif path == "/huge.jpg":
                self.send_response(200)
                self.send_header("Connection", "close")
                self.send_header("Content-Type", "image/jpeg")
                self.send_header("Content-Length", str(HUGE))
                self.end_headers()
                self.stream(HUGE)
            elif path == "/huge-streamed.jpg":
                self.send_response(200)
                self.send_header("Connection", "close")
                self.send_header("Content-Type", "image/jpeg")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                self.stream(HUGE, chunked=True)
            elif path == "/page.jpg":
                self.answer(200, b"<!doctype html><title>Not a picture</title>", "text/html; charset=utf-8")
            elif path == "/disguised.jpg":
                self.answer(200, b"<!doctype html><title>Not a picture</title>", "image/jpeg")
            elif path == "/redirect-away.jpg":
                self.answer(302, headers=[("Location", f"https://localhost:{port}/elsewhere.jpg")])
            elif path == "/redirect-here.jpg":
                self.answer(301, headers=[("Location", "/after-redirect.png")])
            elif path == "/flaky.jpg":
                if seen == 1:
                    self.answer(500, b"try again", "text/plain")
                else:
                    self.answer(200, JPEG, "image/jpeg")
            elif path == "/broken.jpg":
                self.answer(503, b"down", "text/plain")
            else:
                self.answer(404, b"not found", "text/plain")
        except (BrokenPipeError, ConnectionResetError, ssl.SSLError, socket.timeout):
            pass  # the client stopped reading: what the size limit does

    def stream(self, size, chunked=False):
        """`size` bytes that begin as a JPEG, in 64 KB writes (HTTP chunks when `chunked`)."""
        block = b"\x00" * 65536
        sent = 0
        while sent < size:
            part = block[: min(len(block), size - sent)]
            if sent == 0:
                part = JPEG[:4] + part[4:]
            self.wfile.write(b"%x\r\n%s\r\n" % (len(part), part) if chunked else part)
            sent += len(part)
        if chunked:
            self.wfile.write(b"0\r\n\r\n")


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.handle_error = lambda request, address: None   # a refused handshake is a test's point
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(sys.argv[1], sys.argv[2])
    server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(server.server_address[1], flush=True)
    sys.stdin.read()   # until the test closes it, or ends
    server.shutdown()


if __name__ == "__main__":
    main()
