#!/usr/bin/env python3
"""docs/OPERATIONS.md's "Publishing the slides", run as written.

    publish_check.py OPERATIONS.md OUT

OUT is the output folder of a `yir report` with HTML and CSV. The nginx snippet of the section
is served by a real nginx on 127.0.0.1 (its own prefix and port, stopped at the end) with the
documented /srv/yir/2025 replaced by OUT; the Python snippet is run the same way. Every check
prints one line; the first failure exits 1.
"""
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from check_lines import check, fail

DOCUMENTED_OUT = "/srv/yir/2025"


def section(doc):
    text = open(doc, encoding="utf-8").read()
    start = text.index("## Publishing the slides")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def block(text, language):
    blocks = re.findall(r"```" + language + r"\n(.*?)```", text, re.S)
    check(len(blocks) == 1, f"the section has one {language} block")
    return blocks[0]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read(), response.headers
    except urllib.error.HTTPError as error:
        return error.code, error.read(), error.headers


def serve(snippet, out):
    prefix = tempfile.mkdtemp(prefix="yir-nginx-")
    port = free_port()
    temporary = "\n".join(f"{name}_temp_path {prefix}/{name};" for name in
                          ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    config = f"""
daemon off;
master_process off;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log;
events {{}}
http {{
    include /etc/nginx/mime.types;
    access_log off;
    {temporary}
    server {{
        listen 127.0.0.1:{port};
        root {prefix}/empty;
        {snippet.replace(DOCUMENTED_OUT, out)}
    }}
}}
"""
    os.mkdir(f"{prefix}/empty")
    with open(f"{prefix}/nginx.conf", "w") as f:
        f.write(config)
    # Debian's nginx-light; -e so that not even the start-up log goes to /var/log.
    command = ["/usr/sbin/nginx", "-p", prefix, "-c", f"{prefix}/nginx.conf", "-e", f"{prefix}/error.log"]
    test = subprocess.run(command + ["-t"], capture_output=True, text=True)
    check(test.returncode == 0, "nginx accepts the snippet" + ("" if test.returncode == 0 else f": {test.stderr}"))
    server = subprocess.Popen(command)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            break
        except OSError:
            time.sleep(0.05)
    return server, prefix, f"http://127.0.0.1:{port}"


def main():
    doc, out = sys.argv[1], os.path.abspath(sys.argv[2])
    text = section(doc)
    decks = sorted(name for name in os.listdir(f"{out}/readers") if name != "index.html")
    check(len(decks) >= 2, f"the report has decks ({len(decks)})")

    server, prefix, base = serve(block(text, "nginx"), out)
    try:
        status, body, headers = get(f"{base}/yir/{decks[0]}")
        check(status == 200 and body == open(f"{out}/readers/{decks[0]}", "rb").read(), "a deck is served")
        check("noindex" in (headers.get("X-Robots-Tag") or ""), "with X-Robots-Tag: noindex")
        check(headers.get("Referrer-Policy") == "no-referrer", "with Referrer-Policy: no-referrer")
        status, body, _ = get(f"{base}/yir/")
        check(status == 200 and body == open(f"{out}/readers/index.html", "rb").read(), "/yir/ shows the empty page")
        check(not any(deck.encode() in body for deck in decks), "which lists no deck")
        for path in ("/index.html", "/readers.csv", "/report.json", "/yir/../index.html", "/yir/..%2findex.html",
                     "/yir/%2e%2e/readers.csv", "/readers/" + decks[0]):
            status, _, _ = get(base + path)
            check(status in (400, 403, 404), f"{path} is not served ({status})")
    finally:
        server.terminate()  # nginx's fast shutdown
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        shutil.rmtree(prefix, ignore_errors=True)

    sender = block(text, "python").replace(DOCUMENTED_OUT, out)
    run = subprocess.run([sys.executable, "-c", sender], capture_output=True, text=True)
    check(run.returncode == 0, "the link list snippet runs" + ("" if run.returncode == 0 else f": {run.stderr}"))
    rows = [line.split("\t") for line in run.stdout.splitlines()]
    links = {user: link for user, link in rows}
    check(sorted(link.rsplit("/", 1)[1] for link in links.values()) == decks, "it gives one link per deck")
    check(all(link.startswith("https://yir.example.org/yir/") for link in links.values()), "under the served path")


if __name__ == "__main__":
    main()
