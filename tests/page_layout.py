"""What the browser tests check of a staff page's layout at 1400 by 900, and the screenshots
they keep (under var/screenshots, or $BROWSER_SCREENSHOTS; CI keeps them as artefacts)."""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Every element in the page's content whose box reaches past its parent's (a table leaving
# its panel, an ID pushing a cell wider than the column) — a few, described.
_OVERFLOWING = """
() => {
  const found = [];
  for (const el of document.querySelectorAll('#content-main *')) {
    const parent = el.parentElement;
    const box = el.getBoundingClientRect(), outer = parent.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (getComputedStyle(parent).overflowX !== 'visible') continue;
    if (box.right > outer.right + 1 || box.left < outer.left - 1) {
      const classes = typeof el.className === 'string' ? el.className.trim() : '';
      const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
        (classes ? '.' + classes.split(/ +/).join('.') : '');
      found.push(`${name} (${Math.round(box.left)}-${Math.round(box.right)}) in ` +
        `${parent.tagName.toLowerCase()} (${Math.round(outer.left)}-${Math.round(outer.right)}): ` +
        (el.innerText || '').slice(0, 60));
      if (found.length >= 8) break;
    }
  }
  // A changelist's table scrolls inside its box: it must still fit there, every column shown.
  const results = document.querySelector('#result_list');
  if (results && results.getBoundingClientRect().right >
      results.parentElement.getBoundingClientRect().right + 1)
    found.push('the list is wider than its box: columns are cut off at the right');
  if (document.documentElement.scrollWidth > window.innerWidth)
    found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
  return found;
}
"""


def screenshot_dir() -> Path:
    path = Path(os.environ.get("BROWSER_SCREENSHOTS") or ROOT / "var" / "screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


def assert_fits(page, name: str) -> None:
    """Keep a full-page screenshot named `name`, then fail if any element is wider than its
    container."""
    page.screenshot(path=str(screenshot_dir() / f"{name}.png"), full_page=True)
    overflowing = page.evaluate(_OVERFLOWING)
    assert overflowing == [], f"{name}: " + "; ".join(overflowing)
