#!/usr/bin/env python3
"""Drives yir's HTML pages in a real headless Chromium (selenium + Debian's chromedriver).

    browser_check.py slides|layout|overflow|rtl|swipe|share|print PAGE.html [--screenshots DIR --name NAME]
    browser_check.py layout PAGE.html [--screens small,phone-dark,desktop,desktop-dark]
    browser_check.py axe PAGE.html [MORE_PAGES.html…]
    browser_check.py index PAGE.html [--screenshots DIR]
    browser_check.py escaping PAGE.html TEXT...
    browser_check.py referrer PAGE.html

Every check prints one line; the first failure exits 1 with what was expected and found.
Pages are opened from file: URLs with the network off, so any request to another host shows
up as a request in the performance log (and fails), never as a silent success.
"""
import argparse
import atexit
import base64
import functools
import http.server
import json
import os
import re
import shutil
import subprocess
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

SIZES = {"small": (320, 568), "phone": (390, 844), "desktop": (1280, 800)}
# The screens the layout check takes by default, each a size and a palette: --screens names some.
SCREENS = {"small": ("small", False), "phone-dark": ("phone", True), "desktop": ("desktop", False),
           "desktop-dark": ("desktop", True)}

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
    """The slides not hidden (selenium's is_displayed misjudges a scrolled right-to-left page)."""
    return [s for s in driver.find_elements(By.CSS_SELECTOR, ".slide")
            if driver.execute_script("return getComputedStyle(arguments[0]).display !== 'none'", s)]


def swipe_across(driver, xs, y=400):
    """One finger down at xs[0], moved through the others, lifted at the last."""
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": xs[0], "y": y}]})
    for x in xs[1:]:
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def show(driver, number):
    """Opens slide `number` the way a link to it does."""
    driver.execute_script("location.hash = arguments[0]", f"#slide-{number}")
    for _ in range(50):
        if driver.execute_script("return document.querySelector('.slide.active').id") == f"slide-{number}":
            return
        time.sleep(0.02)
    fail(f"slide {number} did not open")


def slides(args):
    """Keys, buttons, focus and what a screen reader hears; no motion when it is not wanted."""
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
        counters = driver.execute_script("return document.querySelectorAll('.slide-number, [class*=counter]').length")
        check(counters == 0, "the slide counter is shown once, in the nav")
        body = driver.find_element(By.TAG_NAME, "body")
        announcer = driver.find_element(By.ID, "announcer")

        def at(index, key_name):
            shown = visible_slides(driver)
            check(len(shown) == 1 and shown[0].get_attribute("id") == f"slide-{index}",
                  f"{key_name} shows slide {index}")
            check(position.text == f"{index} / {total}", f"the counter says {index} / {total} after {key_name}")
            active = driver.switch_to.active_element
            check(active.get_attribute("id") == f"slide-{index}", f"focus is on slide {index} after {key_name}")
            # The focused slide's label is read once: the live region stays quiet.
            check(announcer.get_attribute("textContent") == "", f"the live region stays quiet after {key_name}")

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
        next_button = driver.find_element(By.CSS_SELECTOR, ".nav-button[data-step='1']")
        next_button.click()
        shown = visible_slides(driver)
        check(shown[0].get_attribute("id") == "slide-2", "the next button shows slide 2")
        check(driver.switch_to.active_element == next_button, "focus stays on the next button")
        heading = shown[0].find_element(By.TAG_NAME, "h1").get_attribute("textContent")
        check(announcer.get_attribute("textContent") == shown[0].get_attribute("aria-label") + ": " + heading,
              "the live region announces the slide the button showed, its place and heading, once")
        check(shown[0].get_attribute("tabindex") == "-1", "the script makes each slide a focus target")
        check(driver.execute_script("return document.querySelectorAll('.slide h1').length") == total,
              "every slide has its <h1>")
        reduced = driver.execute_script(
            "return getComputedStyle(document.querySelector('.slide.active .slide-inner')).animationName")
        check(reduced == "none", f"no animation under prefers-reduced-motion (found {reduced!r})")
        check_no_errors_and_no_remote_requests(driver)
    finally:
        driver.quit()
    if args.screenshots:
        screenshots(args.page, args.screenshots, args.name, slide_numbers=args.slides)


def layout(args):
    """Every slide fits one screen from 320 × 568 up: nothing under the bar or the nav, nothing
    sideways, numbers unbroken, titles in three lines, the calendar inside the slide's width,
    chart marks at 3:1 against the slide — in light and in dark."""
    for size, dark in (SCREENS[name] for name in args.screens.split(",")):
        width, height = SIZES[size]
        driver = browser(width, height)
        try:
            emulate(driver, dark=dark)
            driver.get("file://" + args.page)
            total = len(driver.find_elements(By.CSS_SELECTOR, ".slide"))
            check(total > 0, f"the page has slides to lay out ({total})")
            for number in range(1, total + 1):
                show(driver, number)
                problems = driver.execute_script("""
                    const slide = document.querySelector('.slide.active');
                    const box = slide.getBoundingClientRect();
                    const bar = document.querySelector('.deck-bar').getBoundingClientRect();
                    const nav = document.querySelector('.deck-nav').getBoundingClientRect();
                    const found = [];
                    if (box.top < bar.bottom - 0.5) found.push('the slide starts under the bar');
                    if (box.bottom > nav.top + 0.5) found.push('the slide runs under the nav');
                    const root = document.documentElement;
                    if (root.scrollWidth > root.clientWidth) found.push('the page scrolls sideways');
                    if (slide.scrollWidth > slide.clientWidth) found.push('the slide scrolls sideways');
                    // One idea per slide: at a phone's and a desktop's screen nothing needs scrolling.
                    if (arguments[0] && slide.scrollHeight > slide.clientHeight + 1) found.push('the slide needs scrolling (' + (slide.scrollHeight - slide.clientHeight) + 'px)');
                    for (const e of slide.querySelectorAll('*')) {
                      const r = e.getBoundingClientRect();
                      if (r.width && (r.right > box.right + 0.5 || r.left < box.left - 0.5)) found.push('wider than the slide: ' + e.tagName + '.' + e.className.baseVal ?? e.className);
                    }
                    // Chart marks stand out 3:1 from the slide, and a day read from a day not read.
                    const luminance = colour => {
                      const [r, g, b] = colour.match(/[\\d.]+/g).slice(0, 3).map(v => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
                      return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
                    const contrast = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
                    const background = getComputedStyle(slide).backgroundColor;
                    for (const mark of slide.querySelectorAll('.bars .bar, .heatmap .l1, .heatmap .l2')) {
                      const style = getComputedStyle(mark), paint = mark.closest('.heatmap') ? style.stroke : style.fill;
                      if (contrast(paint, background) < 3) found.push('a chart mark below 3:1: ' + mark.getAttribute('class') + ' ' + contrast(paint, background).toFixed(2));
                      const empty = slide.querySelector('.heatmap .l0');
                      if (empty && mark.closest('.heatmap') && contrast(paint, getComputedStyle(empty).stroke) < 3) found.push('a day read below 3:1 from a day not read');
                    }
                    for (const e of slide.querySelectorAll(':is(.headline, .top-list li, .save-text) > :is(a, bdi)')) {
                      const style = getComputedStyle(e), line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
                      // The box's padding below the third line is room for its underline.
                      if (e.getBoundingClientRect().height - parseFloat(style.paddingBottom) > 3 * line + 2) found.push('a title runs over three lines: ' + e.textContent.slice(0, 40));
                    }
                    // A heading breaks between words (phrases in Japanese), never inside one: without
                    // `overflow-wrap: anywhere` it must lay out the same, and fit.
                    for (const h of slide.querySelectorAll('h1, h2')) {
                      const height = h.getBoundingClientRect().height;
                      h.style.overflowWrap = 'normal';
                      if (Math.abs(h.getBoundingClientRect().height - height) > 1 || h.scrollWidth > h.clientWidth + 1) found.push('a heading breaks inside a word: ' + h.textContent);
                      h.style.overflowWrap = '';
                    }
                    for (const e of slide.querySelectorAll('.fit')) {
                      if (e.scrollWidth > e.clientWidth + 1) found.push('a figure is cut: ' + e.textContent);
                      if (e.getClientRects().length > 1 || e.getBoundingClientRect().height > parseFloat(getComputedStyle(e).fontSize) * 1.6) found.push('a figure breaks: ' + e.textContent);
                    }
                    return found;""", (width, height) in ((390, 844), (1280, 800)))
                if problems:
                    fail(f"slide {number} at {width}×{height}: {sorted(set(problems))}")
            print(f"ok: every one of the {total} slides fits {width}×{height} ({'dark' if dark else 'light'}) without anything under the bar or nav or sideways")
        finally:
            driver.quit()


def overflow(args):
    """Down keys read a slide taller than the screen to its end before they change slide."""
    driver = browser(320, 568)
    try:
        emulate(driver, dark=False)
        driver.get("file://" + args.page + "#slide-2")
        # A slide made taller than any screen, whatever the data.
        driver.execute_script("""const tall = document.createElement('p'); tall.style.height = '2000px';
            tall.textContent = 'tall'; document.querySelector('#slide-2 .slide-inner').appendChild(tall);""")
        slide = driver.find_element(By.ID, "slide-2")
        slide.send_keys(Keys.ARROW_DOWN)
        scrolled = driver.execute_script("return document.getElementById('slide-2').scrollTop")
        check(visible_slides(driver)[0].get_attribute("id") == "slide-2" and scrolled > 0,
              f"ArrowDown on an overflowing slide scrolls it ({scrolled}px) and stays on it")
        for _ in range(100):
            driver.switch_to.active_element.send_keys(Keys.PAGE_DOWN)
            if visible_slides(driver)[0].get_attribute("id") != "slide-2":
                break
        at_end = driver.execute_script("const s = document.getElementById('slide-2'); return s.scrollHeight - s.clientHeight - s.scrollTop")
        check(visible_slides(driver)[0].get_attribute("id") == "slide-3", "at the slide's end the next key shows slide 3")
        driver.switch_to.active_element.send_keys(Keys.ARROW_UP)
        check(visible_slides(driver)[0].get_attribute("id") == "slide-2", "ArrowUp at the top of slide 3 goes back to slide 2")
        check(at_end <= 1, f"slide 2 was read to its end first ({at_end}px left)")
    finally:
        driver.quit()


def rtl(args):
    """Right to left: the layout mirrors, and keys and swipes go the way the text reads."""
    driver = browser(390, 844)
    try:
        emulate(driver, dark=False)
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        driver.get("file://" + args.page)
        check(driver.execute_script("return document.documentElement.dir") == "rtl", "the page is set right to left by its language")
        back = driver.find_element(By.CSS_SELECTOR, ".nav-button[data-step='-1']").rect
        forward = driver.find_element(By.CSS_SELECTOR, ".nav-button[data-step='1']").rect
        check(back["x"] > forward["x"], "the previous button is on the right, the next on the left")
        art = driver.find_element(By.CSS_SELECTOR, "#slide-1 .art").rect
        check(art["x"] < 100, f"the illustration sits at the start of the line, on the left ({art['x']})")
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
        check(visible_slides(driver)[0].get_attribute("id") == "slide-2", "ArrowLeft shows the next slide")
        driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        check(visible_slides(driver)[0].get_attribute("id") == "slide-1", "ArrowRight shows the previous slide")

        swipe_across(driver, [100, 200, 330])
        shown = visible_slides(driver)
        check(shown and shown[0].get_attribute("id") == "slide-2", f"a swipe to the right shows the next slide ({driver.current_url}, {[s.get_attribute('id') for s in shown]})")
        isolated = driver.execute_script("""
            return [...document.querySelectorAll('.slide bdi, .slide [dir=auto]')].length""")
        check(isolated > 0, f"texts from the data are direction-isolated ({isolated})")
        check_no_errors_and_no_remote_requests(driver)
    finally:
        driver.quit()


def swipe(args):
    """A swipe to the left and a tap on the right third show the next slide; a tap in the middle does nothing."""
    driver = browser(390, 844)
    try:
        emulate(driver, dark=False)
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        driver.get("file://" + args.page)

        swipe_across(driver, [300, 200, 60])
        check(visible_slides(driver)[0].get_attribute("id") == "slide-2", "a swipe to the left shows slide 2")

        def tap(x):
            driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x, "y": 700, "button": "left", "clickCount": 1})
            driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x, "y": 700, "button": "left", "clickCount": 1})

        tap(195)
        check(visible_slides(driver)[0].get_attribute("id") == "slide-2", "a tap in the middle stays on slide 2")
        tap(370)
        check(visible_slides(driver)[0].get_attribute("id") == "slide-3", "a tap on the right shows slide 3")
        tap(20)
        check(visible_slides(driver)[0].get_attribute("id") == "slide-2", "a tap on the left shows slide 2")
    finally:
        driver.quit()


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        fail(f"{path} is not a PNG")
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def saved_png(folder, matches):
    """The path of the PNG in `folder` whose name `matches`, once Chromium has written its
    header (the file may show up before it is whole); None after 20 s."""
    for _ in range(200):
        files = [f for f in os.listdir(folder) if f.endswith(".png") and matches(f)]
        if files:
            with open(os.path.join(folder, files[0]), "rb") as f:
                if f.read(16)[12:16] == b"IHDR":
                    return os.path.join(folder, files[0])
        time.sleep(0.1)
    return None


def share(args):
    """The share card's buttons save PNGs of a fixed size, whatever the screen; the card's
    content is on the page as text."""
    for width, height in ((390, 844), (1280, 800)):
        folder = tempfile.mkdtemp(dir=SCRATCH)
        driver = browser(width, height)
        try:
            emulate(driver, dark=width > 600)
            driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder})
            driver.get("file://" + args.page)
            # The summary, the slide before the ending.
            show(driver, driver.execute_script("return [...document.querySelectorAll('.slide')].findIndex(s => s.matches('.slide-summary')) + 1"))
            card = driver.find_element(By.CSS_SELECTOR, ".summary-card").text
            check(len(card) > 20, f"the card's content is on the page as text ({card.splitlines()[:2]})")
            for kind, size in (("story", (1080, 1920)), ("square", (1080, 1080))):
                driver.find_element(By.CSS_SELECTOR, f".share-button[data-card='{kind}']").click()
                path = saved_png(folder, lambda name: kind in name)
                if not path:
                    fail(f"the {kind} button saved no PNG at {width} px")
                found = png_size(path)
                check(found == size, f"'{kind}' at {width} px saves a {size[0]}×{size[1]} PNG ({os.path.basename(path)}: {found[0]}×{found[1]})")
            # Every slide has its card: the share button beside the counter draws the slide on show.
            show(driver, 1)
            driver.find_element(By.CSS_SELECTOR, ".deck-nav [data-card]").click()
            path = saved_png(folder, lambda name: name.endswith("-1-story.png"))
            if not path:
                fail(f"the share button beside the counter saved no PNG of slide 1 at {width} px")
            found = png_size(path)
            check(found == (1080, 1920), f"the share button beside the counter saves slide 1 as a {found[0]}×{found[1]} PNG at {width} px")
            check_no_errors_and_no_remote_requests(driver)
        finally:
            driver.quit()


def cards(args):
    """Every slide's share card is drawn from its card data: its figure the largest text, no
    line ending in a colon, a text cut short ending in "…", the service's name at the foot,
    and the slide's map, bars, calendar or embedded picture drawn in (the PNG is written:
    nothing taints it)."""
    folder = tempfile.mkdtemp(dir=SCRATCH)
    driver = browser(390, 844)
    try:
        emulate(driver, dark=True)
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder})
        driver.get("file://" + args.page)
        driver.execute_script("""
            window.drawn = []; window.images = 0;
            const fill = CanvasRenderingContext2D.prototype.fillText, image = CanvasRenderingContext2D.prototype.drawImage;
            CanvasRenderingContext2D.prototype.fillText = function (text) { window.drawn.push([text, parseFloat(/(\\d+(\\.\\d+)?)px/.exec(this.font)[1])]); return fill.apply(this, arguments); };
            CanvasRenderingContext2D.prototype.drawImage = function () { window.images += 1; return image.apply(this, arguments); };""")
        total = len(driver.find_elements(By.CSS_SELECTOR, ".slide"))
        name = driver.find_element(By.ID, "slides").get_attribute("data-share-name")
        for number in range(1, total + 1):
            show(driver, number)
            driver.execute_script("window.drawn = []; window.images = 0;")
            driver.find_element(By.CSS_SELECTOR, ".deck-nav [data-card]").click()
            if not saved_png(folder, lambda name: name.endswith(f"-{number}-story.png")):
                fail(f"slide {number}'s card was not saved (a tainted canvas writes nothing)")
            data, kind, visual, drawn, images = driver.execute_script("""
                const s = document.querySelector('.slide.active');
                return [JSON.parse(s.dataset.card), s.className,
                        !!s.querySelector('svg.world-map, svg.bars, svg.heatmap, img.photo[src^="data:"]'), window.drawn, window.images];""")
            texts = [text for text, _ in drawn]
            check(texts and texts[-1] == name, f"slide {number} ({kind}): the card ends with the service's name ({texts[-1:]})")
            ends = [text for text in texts if re.search(r"[:：]$", text)]
            check(not ends, f"slide {number}: no line of its card ends with a colon ({ends})")
            if data.get("f"):
                largest = max(drawn, key=lambda d: d[1])
                # Drawn without the page's break marks (a soft hyphen is drawn only where a line breaks).
                figure = re.sub("[\u00ad\u200b]", "", data["f"])
                check(largest[0].rstrip("-") in figure, f"slide {number}: its figure {figure!r} is the card's largest text ({largest[0]!r})")
            if visual:
                check(images == 1, f"slide {number} ({kind}): its visual is drawn on the card")
        check_no_errors_and_no_remote_requests(driver)
    finally:
        driver.quit()


def print_pdf(args):
    """Printing: one page per slide, no blank last page (Chromium's own --print-to-pdf, pages
    counted by poppler's pdfinfo), and the light palette when printed from dark mode."""
    folder = tempfile.mkdtemp(dir=SCRATCH)
    pdf = os.path.join(folder, "deck.pdf")
    total = open(args.page, encoding="utf-8").read().count('<section class="slide ')
    subprocess.run(["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    "--proxy-server=127.0.0.1:9", f"--user-data-dir={folder}/profile",
                    f"--print-to-pdf={pdf}", "file://" + args.page], check=True, capture_output=True, timeout=120)
    info = subprocess.run(["pdfinfo", pdf], check=True, capture_output=True, text=True).stdout
    pages = int(next(l.split()[-1] for l in info.splitlines() if l.startswith("Pages:")))
    check(pages == total, f"the printed deck has one page per slide ({pages} pages, {total} slides)")
    driver = browser(*SIZES["desktop"])
    try:
        driver.get("file://" + args.page)
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print", "features": [
            {"name": "prefers-color-scheme", "value": "dark"}]})
        shown = driver.execute_script(
            "return [...document.querySelectorAll('.slide')].filter(s => getComputedStyle(s).display !== 'none').length")
        check(shown == total, f"the print stylesheet shows all {total} slides ({shown})")
        light = driver.execute_script("""
            return [...document.querySelectorAll('.slide')].every(s => {
              const [r, g, b] = getComputedStyle(s).backgroundColor.match(/[\\d.]+/g).map(Number);
              return 0.2126 * r + 0.7152 * g + 0.0722 * b > 180; })""")
        check(light, "printed from dark mode, every slide is light")
        # On A4 as on Letter (inches), from dark mode: still one slide a page.
        for paper, (width, height) in (("A4", (8.27, 11.69)), ("Letter", (8.5, 11))):
            dark_pdf = base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF", {"paperWidth": width, "paperHeight": height})["data"])
            with open(pdf, "wb") as f:
                f.write(dark_pdf)
            info = subprocess.run(["pdfinfo", pdf], check=True, capture_output=True, text=True).stdout
            pages = int(next(l.split()[-1] for l in info.splitlines() if l.startswith("Pages:")))
            check(pages == total, f"printed from dark mode on {paper}, still one page per slide ({pages})")
    finally:
        driver.quit()


def axe_source():
    """axe-core as PyPI's axe-playwright-python ships it: one file, injected into each page."""
    import axe_playwright_python
    path = os.path.join(os.path.dirname(axe_playwright_python.__file__), "axe.min.js")
    return open(path, encoding="utf-8").read()


def axe(args):
    """axe-core over every page given — every slide of a deck — light and dark, 390 and 1280 px:
    every violation is printed, and any fails the check."""
    source = axe_source()
    version = None
    runs, violations = 0, []
    for width, height in ((390, 844), (1280, 800)):
        for dark in (False, True):
            driver = browser(width, height)
            try:
                emulate(driver, dark)
                for page in [args.page] + args.texts:
                    driver.get("file://" + page)
                    driver.execute_script(source)
                    version = driver.execute_script("return axe.version")
                    slides = len(driver.find_elements(By.CSS_SELECTOR, ".slide")) if "/readers/" in page or "slide" in page else 0
                    for number in range(1, slides + 1) if slides else [0]:
                        if number:
                            show(driver, number)
                        result = driver.execute_async_script("""
                            const done = arguments[arguments.length - 1];
                            axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map(v =>
                              v.id + ' (' + v.impact + '): ' + v.nodes.map(n => n.target.join(' ') + ' ' + (n.failureSummary || '').replace(/\\s+/g, ' ')).join(' | '))))
                              .catch(e => done(['axe failed: ' + e]));""")
                        runs += 1
                        where = f"{os.path.basename(page)}{'#slide-' + str(number) if number else ''} {width}px {'dark' if dark else 'light'}"
                        violations += [f"{where}: {v}" for v in result]
            finally:
                driver.quit()
    for v in violations:
        print("violation: " + v)
    check(not violations, f"axe-core {version}: no violation in {runs} runs ({len(violations)} found)")


def screenshots(page, folder, name, slide_numbers, sizes=("phone", "desktop"), labels=None):
    """At `sizes` (SIZES: small phone, phone, desktop), light and dark; slide number 0 is the
    page as it opens. A file is named by the slide's number, or by its label (its kind) when given."""
    labels = labels or {}
    for size, (width, height) in ((size, SIZES[size]) for size in sizes):
        for dark in (False, True):
            driver = browser(width, height)
            try:
                emulate(driver, dark)
                for number in slide_numbers:
                    driver.get(f"file://{page}#slide-{number}" if number else "file://" + page)
                    overflow = driver.execute_script(
                        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
                    check(overflow <= 0, f"{name} slide {number} at {width}px has no horizontal scrolling ({overflow}px)")
                    label = labels.get(number, number or "")
                    path = f"{folder}/{name}{'-' + str(label) if label else ''}-{size}-{'dark' if dark else 'light'}.png"
                    driver.save_screenshot(path)
                    print("screenshot: " + path)
            finally:
                driver.quit()


def shots(args):
    """Screenshots only: the slides given by number (--slides 1,2 or all) or by kind (--kinds
    few,rank: the files are named by kind)."""
    kinds = re.findall(r'<section class="slide slide-([a-z-]+) ', open(args.page, encoding="utf-8").read())
    numbers, labels = args.slides, {}
    if numbers == "all":
        numbers = list(range(1, len(kinds) + 1))
    if args.kinds:
        numbers = [kinds.index(kind) + 1 for kind in args.kinds.split(",") if kind in kinds]
        labels = {number: kinds[number - 1] for number in numbers}
        check(numbers, f"the deck has a slide of a kind of {args.kinds}")
    screenshots(args.page, args.screenshots, args.name, slide_numbers=numbers, sizes=args.sizes.split(","), labels=labels)


def natural(text):
    """reader-2 before reader-10: digit runs compare as numbers."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part.lower()) for part in re.split(r"(\d+)", text) if part]


def index(args):
    driver = browser(*SIZES["desktop"])
    try:
        emulate(driver, dark=False)
        driver.get("file://" + args.page)
        rows = lambda: [r.find_element(By.CSS_SELECTOR, "th").text for r in
                        driver.find_elements(By.CSS_SELECTOR, "#readers tbody tr") if r.is_displayed()]
        check(rows() == sorted(rows(), key=natural), f"the readers are in natural order from the start ({rows()[:5]}…)")
        headers = driver.find_elements(By.CSS_SELECTOR, "#readers thead th")
        check(headers[0].get_attribute("aria-sort") == "ascending", "the reader column says it is sorted")
        # Reader ids that sort differently as text and as numbers, added to the table.
        driver.execute_script("""
            const body = document.querySelector('#readers tbody');
            for (const id of ['reader-10', 'reader-2', 'reader-1']) {
              const row = body.rows[0].cloneNode(true);
              row.cells[0].querySelector('bdi').textContent = id;
              body.appendChild(row);
            }""")
        users = rows()
        check(len(users) >= 5, f"the readers table lists readers ({len(users)})")
        headers[0].find_element(By.CSS_SELECTOR, "button").click()
        check(rows() == sorted(users, key=natural, reverse=True), "a click on the sorted reader column reverses it")
        headers[0].find_element(By.CSS_SELECTOR, "button").click()
        check(rows() == sorted(users, key=natural), f"reader ids sort in natural order ({[u for u in rows() if u.startswith('reader-')]})")
        header = headers[3]
        sorted_minutes = lambda: [int(c.get_attribute("data-sort")) for c in
                                  driver.find_elements(By.CSS_SELECTOR, "#readers tbody tr td:nth-of-type(3)")]
        header.find_element(By.CSS_SELECTOR, "button").click()
        check(sorted_minutes() == sorted(sorted_minutes(), reverse=True), "a first click on 'Reading' sorts largest first")
        check(header.get_attribute("aria-sort") == "descending", "the header says aria-sort=descending")
        header.find_element(By.CSS_SELECTOR, "button").click()
        check(sorted_minutes() == sorted(sorted_minutes()), "a second click sorts smallest first")
        # The rank: a first click puts the top 1 % first; a reader without a rank ("–", an empty
        # key) stays last in either order. Three readers get ranks here, whatever the run gave.
        driver.execute_script("""
            const rows = document.querySelectorAll('#readers tbody tr');
            rows.forEach((row, i) => { row.cells[9].setAttribute('data-sort', ['', '50', '1', '', '10'][i % 5]); });""")
        rank_header = headers[9]
        ranks = lambda: [c.get_attribute("data-sort") for c in
                         driver.find_elements(By.CSS_SELECTOR, "#readers tbody tr td:nth-of-type(9)")]
        check(rank_header.get_attribute("data-first") == "ascending", "the rank column declares its first click: top first")
        rank_header.find_element(By.CSS_SELECTOR, "button").click()
        ranked = [r for r in ranks() if r]
        check(ranked == sorted(ranked, key=int) and ranks()[:len(ranked)] == ranked,
              f"a first click on 'Rank' puts the top 1 % first and the unranked last ({ranks()[:8]}…)")
        check(rank_header.get_attribute("aria-sort") == "ascending", "the rank header says aria-sort=ascending")
        rank_header.find_element(By.CSS_SELECTOR, "button").click()
        ranked = [r for r in ranks() if r]
        check(ranked == sorted(ranked, key=int, reverse=True) and ranks()[:len(ranked)] == ranked,
              f"a second click reverses the ranked and keeps the unranked last ({ranks()[:8]}…)")
        for column, first in ((1, "ascending"), (2, "ascending"), (4, "descending"), (7, "descending"), (8, "descending")):
            check(headers[column].get_attribute("data-first") == first,
                  f"column {column + 1} sorts {first} on its first click")
        search = driver.find_element(By.ID, "reader-search")
        check(search.is_displayed(), "the search box shows")
        caption = driver.find_element(By.CSS_SELECTOR, "#readers caption")
        whole = caption.text
        search.send_keys("READER-1")
        check(sorted(rows()) == ["reader-1", "reader-10"], f"searching 'READER-1' keeps the readers whose id holds it ({rows()})")
        check(caption.text.startswith(f"Showing 2 of "), f"the caption counts the readers shown ({caption.text!r})")
        search.send_keys("zzz")
        check(driver.find_element(By.ID, "search-none").is_displayed(), "no match says so")
        search.clear()
        search.send_keys(" ")
        search.send_keys(Keys.BACKSPACE)
        check(len(rows()) == len(users), "an empty search shows every reader again")
        check(caption.text == whole, f"and the caption counts them all again ({caption.text!r})")
        top = driver.execute_script("""
            const wrap = document.querySelector('.readers-wrap');
            wrap.style.maxHeight = '120px';
            wrap.scrollTop = 60;
            return document.querySelector('#readers thead th').getBoundingClientRect().top - wrap.getBoundingClientRect().top""")
        check(abs(top) <= 2, f"the header row stays in sight when the table scrolls ({top}px from the top)")
        check(len(driver.find_elements(By.CSS_SELECTOR, ".histogram svg[role=img]")) == 3,
              "histograms of reading minutes, articles and streaks")
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
    stripped = page.replace('<meta name="referrer" content="no-referrer">\n', "").replace('rel="noreferrer"', 'rel="noopener"')
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


def title_side(args):
    """Right to left, a title from the data in another script sits by its number: the text's
    box starts at the start of its line, not at the far edge."""
    driver = browser(390, 844)
    try:
        emulate(driver, dark=False)
        driver.get("file://" + args.page)
        total = len(driver.find_elements(By.CSS_SELECTOR, ".slide"))
        seen = 0
        for number in range(1, total + 1):
            show(driver, number)
            gaps = driver.execute_script("""
                const found = [];
                for (const title of document.querySelectorAll('.slide.active :is(.headline, .top-list li, .save-text) > :is(a, bdi)')) {
                  if (!/[A-Za-z]/.test(title.textContent)) continue;
                  const range = document.createRange();
                  // The glyphs' own box: a text node's, not its element's, which may fill the line.
                  range.selectNodeContents(document.createTreeWalker(title, NodeFilter.SHOW_TEXT).nextNode());
                  const text = range.getBoundingClientRect(), line = title.parentElement.getBoundingClientRect();
                  found.push([title.textContent.trim(), Math.round(line.right - text.right), Math.round(text.left - line.left)]);
                }
                return found;""")
            for title, from_start, from_end in gaps:
                seen += 1
                check(from_start <= 2 and from_end > from_start,
                      f"slide {number}: '{title}' starts at the line's start, by its number ({from_start}px from it, {from_end}px from the far edge)")
        check(seen > 0, f"the deck has titles in Latin script to look at ({seen})")
    finally:
        driver.quit()


def controls(args):
    """At 320 × 568, on every slide: the ‹ › and share buttons are on the screen, and a slide
    taller than the screen shows that it goes on (its foot fades) until it is read to its end."""
    driver = browser(320, 568)
    try:
        emulate(driver, dark=False)
        driver.get("file://" + args.page)
        total = len(driver.find_elements(By.CSS_SELECTOR, ".slide"))
        check(total > 0, f"the page has slides to look at ({total})")
        tall = 0
        for number in range(1, total + 1):
            show(driver, number)
            off = driver.execute_script("""
                return [...document.querySelectorAll('.deck-nav button')].filter(b => {
                  const r = b.getBoundingClientRect();
                  return b.hidden || !r.width || r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight;
                }).map(b => b.getAttribute('aria-label'));""")
            check(not off, f"slide {number}: ‹, › and share are on the screen ({off or 'all three'})")
            overflowing, cue = driver.execute_script("""
                const s = document.querySelector('.slide.active');
                return [s.scrollHeight > s.clientHeight + 8, document.getElementById('frame').classList.contains('more')];""")
            check(overflowing == cue, f"slide {number}: {'a fade says it goes on' if overflowing else 'no fade: it fits'}")
            if overflowing:
                tall += 1
                driver.execute_script("const s = document.querySelector('.slide.active'); s.scrollTop = s.scrollHeight;")
                time.sleep(0.1)
                check(not driver.execute_script("return document.getElementById('frame').classList.contains('more')"),
                      f"slide {number}: read to its end, the fade is gone")
        print(f"ok: {tall} of {total} slides are taller than 320×568 and say so")
    finally:
        driver.quit()


def thumbnails(args):
    """A thumbnail that fails to load (the network is off) leaves no broken-image sign: the
    image makes way for the empty round place a save without one has."""
    driver = browser(390, 844)
    try:
        emulate(driver, dark=False)
        # Counted in the file: without a network the loads may all have failed, and their images
        # made way, before the page reports itself loaded.
        images = open(args.page, encoding="utf-8").read().count("<img ")
        check(images > 0, f"the deck has thumbnails to load ({images})")
        driver.get("file://" + args.page)
        total = len(driver.find_elements(By.CSS_SELECTOR, ".slide"))
        for number in range(1, total + 1):
            show(driver, number)
        for _ in range(100):
            if not driver.find_elements(By.CSS_SELECTOR, "img"):
                break
            time.sleep(0.05)
        left = driver.execute_script("return [...document.images].filter(i => i.complete && !i.naturalWidth).length")
        check(left == 0, f"no image that failed to load is left on the page ({left} of {images})")
        places = len(driver.find_elements(By.CSS_SELECTOR, "span.thumb"))
        check(places >= 1, f"its place stays, round and empty ({places})")
        # The failed loads are the console's only errors, and the thumbnails' host the only one asked.
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "Failed to load resource" not in e["message"]]
        check(not errors, f"no other console error ({errors})")
        hosts = {urlparse(u).hostname for u in requested_urls(driver) if urlparse(u).scheme not in ("file", "data")}
        check(hosts <= {"upload.wikimedia.org"}, f"no request but the thumbnails' ({hosts})")
    finally:
        driver.quit()


def pictures(args):
    """What each `--images` mode asks of the network, on every slide of the deck (texts[0] names
    the mode): none, no picture and no request; embed, no request and every picture loaded,
    square and shown square; remote, requests to upload.wikimedia.org alone."""
    mode = args.texts[0]
    driver = browser(390, 844)
    try:
        emulate(driver, dark=False)
        driver.get("file://" + args.page)
        total = len(driver.find_elements(By.CSS_SELECTOR, ".slide"))
        images = []
        for number in range(1, total + 1):
            show(driver, number)
            # Each picture measured on its own slide, shown.
            images += driver.execute_script("""
                return [...document.querySelectorAll('.slide.active img')].map(i => [i.src.slice(0, 30), i.complete,
                    i.naturalWidth, i.naturalHeight, i.getBoundingClientRect().width, i.getBoundingClientRect().height]);""")
        hosts = {urlparse(u).hostname for u in requested_urls(driver) if urlparse(u).scheme not in ("file", "data")}
        if mode == "none":
            check(not images, f"no picture on the deck ({len(images)})")
            check(not hosts, f"no request to any host ({hosts})")
        elif mode == "embed":
            check(images, "the deck shows pictures")
            check(not hosts, f"no request to any host ({hosts})")
            for src, complete, width, height, shown_width, shown_height in images:
                check(src.startswith("data:image/webp;base64,"), f"each picture is inlined ({src})")
                check(complete and width > 0 and width == height, f"each picture is loaded and square ({width}×{height})")
                check(shown_width > 0 and abs(shown_width - shown_height) < 1, f"and shown square ({shown_width}×{shown_height})")
        else:
            # Without a network each request fails and its picture makes way: the requests tell.
            check(hosts and hosts <= {"upload.wikimedia.org"}, f"requests to the named host alone ({hosts})")
    finally:
        driver.quit()


MODES = {"pictures": pictures, "slides": slides, "layout": layout, "overflow": overflow, "rtl": rtl, "swipe": swipe, "share": share, "cards": cards,
         "print": print_pdf, "axe": axe, "shots": shots, "index": index, "escaping": escaping, "referrer": referrer,
         "title-side": title_side, "controls": controls, "thumbnails": thumbnails}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=list(MODES))
    parser.add_argument("page")
    parser.add_argument("texts", nargs="*")
    parser.add_argument("--screenshots")
    parser.add_argument("--name", default="slides")
    parser.add_argument("--slides", type=lambda s: s if s == "all" else [int(x) for x in s.split(",")], default=[1])
    parser.add_argument("--kinds")
    parser.add_argument("--sizes", default="phone,desktop")
    parser.add_argument("--screens", default=",".join(SCREENS))
    args = parser.parse_args()
    MODES[args.mode](args)


if __name__ == "__main__":
    main()
