#!/usr/bin/env python3
"""Drives yir's HTML pages in a real headless Chromium (selenium + Debian's chromedriver).

    browser_check.py slides PAGE.html [--screenshots DIR --name NAME]
    browser_check.py index PAGE.html [--screenshots DIR]
    browser_check.py escaping PAGE.html TEXT...
    browser_check.py referrer PAGE.html

Every check prints one line; the first failure exits 1 with what was expected and found.
Pages are opened from file: URLs with the network off, so any request to another host shows
up as a request in the performance log (and fails), never as a silent success.
"""
import argparse
import atexit
import functools
import http.server
import json
import os
import shutil
import sys
import tempfile
import threading
import time
from urllib.parse import urlparse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from check_lines import check, fail

SIZES = {"phone": (390, 844), "desktop": (1280, 800)}

# Chromium leaves a profile lock folder in the temporary folder per browser started: give it
# one of its own, removed when this script ends.
SCRATCH = tempfile.mkdtemp(prefix="yir-browser-")
os.environ["TMPDIR"] = SCRATCH
atexit.register(shutil.rmtree, SCRATCH, ignore_errors=True)


def browser(width, height):
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--hide-scrollbars", "--force-device-scale-factor=1", "--lang=en-US",
                     f"--window-size={width},{height}", "--proxy-server=127.0.0.1:9", "--no-first-run"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_window_size(width, height)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    return driver


def emulate(driver, dark):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": "dark" if dark else "light"},
        {"name": "prefers-reduced-motion", "value": "reduce"},
    ]})


def requested_urls(driver):
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def check_no_errors_and_no_remote_requests(driver, allowed_hosts=()):
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    check(not errors, "no console errors" + (f" (found {errors})" if errors else ""))
    remote = [u for u in requested_urls(driver)
              if urlparse(u).scheme not in ("file", "data") and urlparse(u).hostname not in allowed_hosts]
    check(not remote, "no request to another host" + (f" (found {remote})" if remote else ""))


def visible_slides(driver):
    return [s for s in driver.find_elements(By.CSS_SELECTOR, ".slide") if s.is_displayed()]


def slides(args):
    driver = browser(*SIZES["desktop"])
    try:
        emulate(driver, dark=False)
        driver.get("file://" + args.page)
        all_slides = driver.find_elements(By.CSS_SELECTOR, ".slide")
        total = len(all_slides)
        check(total >= 3, f"the page has slides ({total})")
        check(len(visible_slides(driver)) == 1, "one slide is shown at a time")
        position = driver.find_element(By.ID, "position")
        check(position.text == f"1 / {total}", f"the counter says 1 / {total} (found {position.text!r})")
        body = driver.find_element(By.TAG_NAME, "body")

        def at(index, key_name):
            shown = visible_slides(driver)
            check(len(shown) == 1 and shown[0].get_attribute("id") == f"slide-{index}",
                  f"{key_name} shows slide {index}")
            check(position.text == f"{index} / {total}", f"the counter says {index} / {total} after {key_name}")
            active = driver.switch_to.active_element
            check(active.get_attribute("id") == f"slide-{index}", f"focus is on slide {index} after {key_name}")
            announced = driver.find_element(By.ID, "announcer").get_attribute("textContent")
            check(announced == active.get_attribute("aria-label"),
                  f"the live region announces slide {index} ({announced!r})")

        body.send_keys(Keys.ARROW_RIGHT)
        at(2, "ArrowRight")
        driver.switch_to.active_element.send_keys(Keys.SPACE)
        at(3, "Space")
        driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
        at(2, "ArrowLeft")
        driver.switch_to.active_element.send_keys(Keys.END)
        at(total, "End")
        driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        at(total, "ArrowRight on the last slide")
        driver.switch_to.active_element.send_keys(Keys.HOME)
        at(1, "Home")
        driver.find_element(By.CSS_SELECTOR, ".nav-button[data-step='1']").click()
        at(2, "the next button")
        check(driver.execute_script("return document.querySelectorAll('svg title, svg desc').length > 0")
              or total < 5, "charts carry <title> and <desc>")
        reduced = driver.execute_script(
            "return getComputedStyle(document.querySelector('.slide.active .slide-inner')).animationName")
        check(reduced == "none", f"no animation under prefers-reduced-motion (found {reduced!r})")
        check_no_errors_and_no_remote_requests(driver)

        # Print: every slide on its own page.
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        printed = driver.execute_script(
            "return Array.from(document.querySelectorAll('.slide')).filter(s => getComputedStyle(s).display !== 'none').length")
        check(printed == total, f"the print stylesheet shows all {total} slides (found {printed})")
        breaks = driver.execute_script(
            "return getComputedStyle(document.querySelector('.slide')).breakAfter")
        check(breaks == "page", f"each printed slide ends its page (found {breaks!r})")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    finally:
        driver.quit()
    narrow_phone_and_swipe(args.page, total)
    if args.screenshots:
        screenshots(args.page, args.screenshots, args.name, slide_numbers=args.slides)


def narrow_phone_and_swipe(page, total):
    """At 320 px no slide scrolls sideways; a swipe to the left shows the next slide."""
    driver = browser(320, 640)
    try:
        emulate(driver, dark=False)
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        for number in range(1, total + 1):
            driver.get(f"file://{page}#slide-{number}")
            overflow = driver.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            if overflow > 0:
                fail(f"slide {number} scrolls sideways at 320 px ({overflow}px)")
        print(f"ok: none of the {total} slides scrolls sideways at 320 px")
        driver.get(f"file://{page}#slide-1")
        driver.refresh()

        def touch(kind, x):
            points = [] if kind == "touchEnd" else [{"x": x, "y": 300}]
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        touch("touchStart", 260)
        touch("touchMove", 160)
        touch("touchMove", 60)
        touch("touchEnd", 60)
        shown = visible_slides(driver)
        check(len(shown) == 1 and shown[0].get_attribute("id") == "slide-2", "a swipe to the left shows slide 2")
    finally:
        driver.quit()


def screenshots(page, folder, name, slide_numbers):
    """Phone and desktop, light and dark; slide number 0 is the page as it opens."""
    for size, (width, height) in SIZES.items():
        for dark in (False, True):
            driver = browser(width, height)
            try:
                emulate(driver, dark)
                for number in slide_numbers:
                    driver.get(f"file://{page}#slide-{number}" if number else "file://" + page)
                    overflow = driver.execute_script(
                        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
                    check(overflow <= 0, f"{name} slide {number} at {width}px has no horizontal scrolling ({overflow}px)")
                    path = f"{folder}/{name}{'-' + str(number) if number else ''}-{size}-{'dark' if dark else 'light'}.png"
                    driver.save_screenshot(path)
                    print("screenshot: " + path)
            finally:
                driver.quit()


def index(args):
    driver = browser(*SIZES["desktop"])
    try:
        emulate(driver, dark=False)
        driver.get("file://" + args.page)
        rows = lambda: [r.find_element(By.CSS_SELECTOR, "th").text for r in
                        driver.find_elements(By.CSS_SELECTOR, "#readers tbody tr")]
        users = rows()
        check(len(users) >= 2, f"the readers table lists readers ({len(users)})")
        check(users == sorted(users), "readers start in user order")
        header = driver.find_elements(By.CSS_SELECTOR, "#readers thead th")[2]
        header.find_element(By.CSS_SELECTOR, "button").click()
        minutes = [int(c.get_attribute("data-sort")) for c in
                   driver.find_elements(By.CSS_SELECTOR, "#readers tbody tr td:nth-of-type(2)")]
        check(minutes == sorted(minutes), "clicking 'Reading' sorts ascending by reading time")
        check(header.get_attribute("aria-sort") == "ascending", "the header says aria-sort=ascending")
        header.find_element(By.CSS_SELECTOR, "button").click()
        minutes = [int(c.get_attribute("data-sort")) for c in
                   driver.find_elements(By.CSS_SELECTOR, "#readers tbody tr td:nth-of-type(2)")]
        check(minutes == sorted(minutes, reverse=True), "a second click sorts descending")
        links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "#readers tbody a")]
        check(all(l.startswith("file://") and "/readers/" in l for l in links), "each reader links to its slides")
        check_no_errors_and_no_remote_requests(driver)
    finally:
        driver.quit()
    if args.screenshots:
        screenshots(args.page, args.screenshots, "index", slide_numbers=[0])


def escaping(args):
    """Hostile titles show as text: no script runs, no element is injected."""
    driver = browser(*SIZES["desktop"])
    try:
        driver.get("file://" + args.page)
        driver.execute_script("document.querySelectorAll('.slide').forEach(s => s.hidden = false)")
        text = driver.find_element(By.TAG_NAME, "body").get_attribute("textContent")
        for expected in args.texts:
            check(expected in text, f"{expected!r} is shown as text")
        check(driver.execute_script("return window.pwned === undefined"), "no injected script ran")
        injected = driver.execute_script("return document.querySelectorAll('img[onerror], script:not(:last-of-type)').length")
        check(injected == 0, f"no element was injected ({injected})")
        check_no_errors_and_no_remote_requests(driver)
    finally:
        driver.quit()


def followed_link_headers(driver, url):
    """Opens `url`, follows its first article link and returns the headers Chromium sent."""
    driver.get(url)
    driver.get_log("performance")
    link = driver.execute_script("""
        document.querySelectorAll('.slide').forEach(s => s.hidden = false);
        const a = document.querySelector('a[href^="https://"]');
        a.click();
        return a.href;""")
    for _ in range(50):
        for entry in driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.requestWillBeSent" and message["params"]["request"]["url"] == link:
                return link, {k.lower(): v for k, v in message["params"]["request"]["headers"].items()}
        time.sleep(0.1)
    fail(f"no request for {link} was seen")


def referrer(args):
    """Following an article link from a served deck sends no Referer. The page is served over
    http from 127.0.0.1, as from a web server (a file: page never sends one anyway), and the
    same page stripped of its referrer policy is the control: there the header is sent."""
    folder = tempfile.mkdtemp(dir=SCRATCH)
    page = open(args.page, encoding="utf-8").read()
    shutil.copy(args.page, os.path.join(folder, "deck.html"))
    stripped = page.replace('<meta name="referrer" content="no-referrer">\n', "").replace('rel="noopener noreferrer"', 'rel="noopener"')
    check(stripped != page, "the control page differs only by its referrer policy")
    with open(os.path.join(folder, "control.html"), "w", encoding="utf-8") as f:
        f.write(stripped)
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *arguments):
            pass
    handler = functools.partial(Quiet, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    driver = browser(*SIZES["desktop"])
    try:
        link, headers = followed_link_headers(driver, base + "/control.html")
        check("referer" in headers, f"the control sends a Referer to {link} ({headers.get('referer')})")
        link, headers = followed_link_headers(driver, base + "/deck.html")
        check("referer" not in headers, f"the deck sends no Referer to {link}")
    finally:
        driver.quit()
        server.shutdown()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["slides", "index", "escaping", "referrer"])
    parser.add_argument("page")
    parser.add_argument("texts", nargs="*")
    parser.add_argument("--screenshots")
    parser.add_argument("--name", default="slides")
    parser.add_argument("--slides", type=lambda s: [int(x) for x in s.split(",")], default=[1])
    args = parser.parse_args()
    {"slides": slides, "index": index, "escaping": escaping, "referrer": referrer}[args.mode](args)


if __name__ == "__main__":
    main()
