# ruff: noqa  (Python 2.7, run beside the official scorer)
# Python 2.7: runs imeasure's m2_to_ixml.py unchanged, with nltk.word_tokenize on one line
# (preserve_line=True): nltk's punkt model is a separate download; every CoNLL-14 correction is
# one sentence. Usage: python2.7 run_m2_to_ixml.py <imeasure>/m2_to_ixml.py -in:X.m2 -out:X.xml
import sys

import nltk
from nltk.tokenize import word_tokenize

nltk.word_tokenize = lambda s: word_tokenize(s, preserve_line=True)
script = sys.argv[1]
sys.argv = [script] + sys.argv[2:]
exec(compile(open(script).read(), script, "exec"))
