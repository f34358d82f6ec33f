# ruff: noqa  (Python 2.7, run beside the official scorer)
# Python 2.7: a minimal stand-in for effbot's elementtree.SimpleXMLWriter (no longer on PyPI):
# the four calls imeasure's m2_to_ixml.py makes, with XML escaping of text and attributes.
from xml.sax.saxutils import escape, quoteattr


class XMLWriter(object):
    def __init__(self, path, encoding="us-ascii"):
        self.f = open(path, "w")
        self.encoding = encoding
        self.stack = []

    def declaration(self):
        self.f.write('<?xml version="1.0" encoding="%s"?>\n' % self.encoding)

    def _attrs(self, attrs):
        return "".join(" %s=%s" % (k, quoteattr(v)) for k, v in sorted(attrs.items()))

    def start(self, tag, **attrs):
        self.f.write("<%s%s>" % (tag, self._attrs(attrs)))
        self.stack.append(tag)

    def end(self, tag=None):
        self.f.write("</%s>" % self.stack.pop())
        if not self.stack:
            self.f.write("\n")
            self.f.close()

    def element(self, tag, text=None, **attrs):
        self.f.write("<%s%s>%s</%s>" % (tag, self._attrs(attrs), escape(text or ""), tag))
