"""Chinese tokenisation as ChERRANT's char level does it.

All whitespace is removed (``"".join(text.split())``, which includes U+3000), the text is split
into Unicode code points, and ``[缺失成分]`` ("missing component") stays one token. Latin letters,
digits and punctuation (full-width or ASCII) are single tokens too. Targets (never sources) are
converted from traditional to simplified Chinese with OpenCC ``t2s`` (the ``zh`` extra).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from gecscope.errors import MissingExtraError
from gecscope.types import Tokens

MISSING_COMPONENT = "[缺失成分]"
#: ChERRANT's special targets: no error (an unchanged target) and "cannot be annotated"
NO_ERROR = "没有错误"
UNANNOTATABLE = "无法标注"
#: signature fields of this tokenisation
SIGNATURE = {"tok": "zh-char", "t2s": "opencc"}
#: one char token: the missing-component marker or any single code point
_CHAR_TOKEN = re.compile(re.escape(MISSING_COMPONENT) + "|.", re.DOTALL)


def remove_whitespace(text: str) -> str:
    """Remove every whitespace character, as ``"".join(text.split())`` does.

    >>> remove_whitespace(" 我 是\\u3000学生 \\t")
    '我是学生'
    """
    return "".join(text.split())


def char_tokens(text: str) -> Tokens:
    """ChERRANT's char tokens.

    >>> char_tokens("我 有10个[缺失成分]，OK")
    ('我', '有', '1', '0', '个', '[缺失成分]', '，', 'O', 'K')
    """
    flat = remove_whitespace(text)
    return tuple(_CHAR_TOKEN.findall(flat)) if "[" in flat else tuple(flat)


@cache
def simplifier() -> Callable[[str], str]:
    """OpenCC ``t2s`` (traditional to simplified), imported lazily."""
    try:
        import opencc
    except ImportError as exc:
        raise MissingExtraError("traditional-to-simplified conversion (opencc)", "zh") from exc
    convert: Callable[[str], str] = opencc.OpenCC("t2s").convert
    return convert


def target_text(text: str, *, t2s: bool = True) -> str:
    """A target as ChERRANT compares it: whitespace removed, then ``t2s`` unless disabled."""
    flat = remove_whitespace(text)
    return simplifier()(flat) if t2s and flat else flat
