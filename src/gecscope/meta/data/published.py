"""Published correlations the report puts beside ours (values as printed in the papers).

Keys: (dataset, setting, human vector, metric) -> (Pearson, Spearman) for system level, or
(dataset, setting, granularity, metric) -> (accuracy, tau) for sentence level.
"""

from __future__ import annotations

SOURCES = {
    "seeda-paper": "SEEDA (Kobayashi et al. 2024), TrueSkill, Base; = CLEME2.0 Table 2 = WODAFE Table 1",
    "green-paper": "GREEN (Koyama et al. 2024) Table 2, Expected Wins",
    "cleme2-paper": "CLEME2.0 (Ye et al. 2025) Tables 1-2",
}

SYSTEM: dict[tuple[str, str | None, str, str], tuple[float, float, str]] = {
    ("seeda", "base", "TS_edit", "ERRANT"): (0.697, 0.671, "seeda-paper"),
    ("seeda", "base", "TS_sent", "ERRANT"): (0.557, 0.406, "seeda-paper"),
    ("seeda", "base", "TS_edit", "GLEUOfficial"): (0.911, 0.897, "seeda-paper"),
    ("seeda", "base", "TS_sent", "GLEUOfficial"): (0.847, 0.886, "seeda-paper"),
    ("seeda", "base", "TS_edit", "SentERRANT"): (0.860, 0.825, "seeda-paper"),
    ("seeda", "base", "TS_sent", "SentERRANT"): (0.758, 0.643, "seeda-paper"),
    ("seeda", "base", "TS_edit", "M2"): (0.791, 0.764, "cleme2-paper"),
    ("seeda", "base", "TS_sent", "M2"): (0.658, 0.487, "cleme2-paper"),
    ("seeda", "base", "TS_edit", "CLEME2.0-dep"): (0.945, 0.939, "cleme2-paper"),
    ("seeda", "base", "TS_sent", "CLEME2.0-dep"): (0.937, 0.865, "cleme2-paper"),
    ("seeda", "base", "TS_edit", "CLEME2.0-ind"): (0.961, 0.946, "cleme2-paper"),
    ("seeda", "base", "TS_sent", "CLEME2.0-ind"): (0.908, 0.844, "cleme2-paper"),
    ("seeda", "base", "TS_edit", "SentCLEME2.0-dep"): (0.955, 0.946, "cleme2-paper"),
    ("seeda", "base", "TS_sent", "SentCLEME2.0-dep"): (0.905, 0.844, "cleme2-paper"),
    ("seeda", "base", "TS_edit", "SentCLEME2.0-ind"): (0.953, 0.953, "cleme2-paper"),
    ("seeda", "base", "TS_sent", "SentCLEME2.0-ind"): (0.875, 0.837, "cleme2-paper"),
    ("seeda", "+fluency", "TS_edit", "ERRANT"): (-0.502, 0.051, "seeda-paper"),
    ("seeda", "+fluency", "TS_sent", "ERRANT"): (-0.587, -0.116, "seeda-paper"),
    ("seeda", "+fluency", "TS_edit", "GLEUOfficial"): (0.053, 0.482, "seeda-paper"),
    ("seeda", "+fluency", "TS_sent", "GLEUOfficial"): (-0.039, 0.475, "seeda-paper"),
    ("seeda", "base", "EW_edit", "ERRANT"): (0.690, 0.699, "green-paper"),
    ("seeda", "base", "EW_sent", "ERRANT"): (0.529, 0.364, "green-paper"),
    ("seeda", "base", "EW_edit", "GREEN-word"): (0.911, 0.930, "green-paper"),
    ("seeda", "base", "EW_sent", "GREEN-word"): (0.920, 0.909, "green-paper"),
    ("seeda", "base", "EW_edit", "GREEN-char"): (0.911, 0.909, "green-paper"),
    ("seeda", "base", "EW_sent", "GREEN-char"): (0.913, 0.881, "green-paper"),
    ("gjg15", None, "ew", "ERRANT"): (0.644, 0.687, "green-paper"),
    ("gjg15", None, "ew", "GREEN-word"): (0.741, 0.698, "green-paper"),
    ("gjg15", None, "ew", "GREEN-char"): (0.786, 0.813, "green-paper"),
    ("gjg15", None, "ew", "SentERRANT"): (0.871, 0.775, "green-paper"),
    ("gjg15", None, "ew", "SentGREEN-word"): (0.835, 0.731, "green-paper"),
    ("gjg15", None, "ew", "SentGREEN-char"): (0.834, 0.852, "green-paper"),
    ("gjg15", None, "ew", "GLEUOfficial"): (0.701, 0.467, "cleme2-paper"),
    ("gjg15", None, "ts", "GLEUOfficial"): (0.750, 0.555, "cleme2-paper"),
    ("gjg15", None, "ew", "M2"): (0.623, 0.687, "cleme2-paper"),
    ("gjg15", None, "ts", "M2"): (0.672, 0.720, "cleme2-paper"),
    ("gjg15", None, "ew", "CLEME2.0-dep"): (0.700, 0.665, "cleme2-paper"),
    ("gjg15", None, "ts", "CLEME2.0-dep"): (0.765, 0.736, "cleme2-paper"),
    ("gjg15", None, "ew", "CLEME2.0-ind"): (0.718, 0.665, "cleme2-paper"),
    ("gjg15", None, "ts", "CLEME2.0-ind"): (0.777, 0.736, "cleme2-paper"),
    ("gjg15", None, "ew", "SentCLEME2.0-dep"): (0.870, 0.714, "cleme2-paper"),
    ("gjg15", None, "ts", "SentCLEME2.0-dep"): (0.881, 0.725, "cleme2-paper"),
    ("gjg15", None, "ew", "SentCLEME2.0-ind"): (0.866, 0.709, "cleme2-paper"),
    ("gjg15", None, "ts", "SentCLEME2.0-ind"): (0.881, 0.720, "cleme2-paper"),
}

SENTENCE: dict[tuple[str, str, str, str], tuple[float, float, str]] = {
    ("seeda", "base", "edit", "ERRANT"): (0.573, 0.310, "seeda-paper"),
    ("seeda", "base", "sent", "ERRANT"): (0.498, 0.189, "seeda-paper"),
    ("seeda", "base", "edit", "GLEUOfficial"): (0.695, 0.404, "seeda-paper"),
    ("seeda", "base", "sent", "GLEUOfficial"): (0.673, 0.351, "seeda-paper"),
    ("seeda", "+fluency", "edit", "ERRANT"): (0.511, 0.188, "seeda-paper"),
    ("seeda", "+fluency", "sent", "ERRANT"): (0.471, 0.129, "seeda-paper"),
    ("seeda", "+fluency", "edit", "GLEUOfficial"): (0.630, 0.266, "seeda-paper"),
    ("seeda", "+fluency", "sent", "GLEUOfficial"): (0.611, 0.227, "seeda-paper"),
}

#: GMEG-Data: Napoles, Nădejde and Tetreault (2019), "Enabling Robust Grammatical Error Correction in
#: New Domains: Data Sets, Metrics, and Analyses", TACL 7:551-566, doi:10.1162/tacl_a_00282, Table 8
#: (test split, system level over the 6 systems plus 674 synthetic systems per domain; Reference and
#: Source+error left out): row -> domain -> (Pearson r, Spearman rho). Their ERRANT rows are the mean F
#: over ERRANT's error categories, not the corpus F; "Human" correlates two halves of the ratings.
GMEG_TABLE8_SOURCE = "Napoles, Nadejde and Tetreault (TACL 2019) Table 8, test split, 6 + 674 synthetic systems"
GMEG_TABLE8: dict[str, dict[str, tuple[float, float]]] = {
    "CHRF++": {"fce": (0.639, 0.733), "wiki": (0.972, 0.943), "yahoo": (0.791, 0.687)},
    "ERRANT0.2": {"fce": (0.828, 0.779), "wiki": (0.453, 0.596), "yahoo": (0.596, 0.643)},
    "ERRANT0.5": {"fce": (0.919, 0.887), "wiki": (0.401, 0.555), "yahoo": (0.532, 0.601)},
    "GLEU": {"fce": (0.838, 0.813), "wiki": (0.426, 0.538), "yahoo": (0.740, 0.775)},
    "charGLEU": {"fce": (0.959, 0.932), "wiki": (0.644, 0.732), "yahoo": (0.846, 0.835)},
    "I-measure": {"fce": (0.819, 0.839), "wiki": (0.854, 0.875), "yahoo": (0.915, 0.900)},
    "M2 0.2": {"fce": (0.852, 0.846), "wiki": (0.548, 0.680), "yahoo": (0.717, 0.836)},
    "M2 0.5": {"fce": (0.860, 0.849), "wiki": (0.346, 0.552), "yahoo": (0.580, 0.699)},
    "GMEG-Metric": {"fce": (0.984, 0.950), "wiki": (0.982, 0.967), "yahoo": (0.940, 0.931)},
    "Human": {"fce": (0.992, 0.931), "wiki": (0.994, 0.907), "yahoo": (0.988, 0.990)},
}
#: meta preset -> its Table 8 row (presets with the paper's settings only)
GMEG_TABLE8_ROWS = {
    "M2": "M2 0.5",
    "M2-0.2": "M2 0.2",
    "GLEU-script": "GLEU",
    "chrf": "CHRF++",
    "ERRANT-cat": "ERRANT0.5",
    "ERRANT-cat-0.2": "ERRANT0.2",
    "I-measure-nomix": "I-measure",
    "chargleu": "charGLEU",  # n = 1..5 as the paper says; whether it counted spaces it does not
}
