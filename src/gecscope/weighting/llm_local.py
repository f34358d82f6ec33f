"""Local LLM rating with transformers (small models; a smoke test more than a judge).

The prompt goes through the model's chat template when it has one. Decoding samples at the
configured temperature with ``torch.manual_seed(seed)`` before every prompt, so an answer does not
depend on the order or batch it came in; the digits' log-probabilities at the first generated
step are returned for the expected-score read-out.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from gecscope.weighting.causal_lm import CausalLM, load_causal_lm
from gecscope.weighting.config import LLMConfig, Rating


class LocalRater:
    def __init__(self, config: LLMConfig, lm: CausalLM | None = None) -> None:
        self.config = config
        self.lm = lm if lm is not None else load_causal_lm(config.model, cache_dir=config.cache_dir)
        self.lock = threading.Lock()  # seeding + sampling must not interleave between threads
        tok = self.lm.tokenizer
        encoded = {d: tok.encode(d, add_special_tokens=False) for d in "12345"}
        self.digits = {d: int(ids[0]) for d, ids in encoded.items() if len(ids) == 1}

    def encode(self, prompt: str) -> list[int]:
        tok = self.lm.tokenizer
        if getattr(tok, "chat_template", None):
            ids = tok.apply_chat_template(
                [{"role": "user", "content": prompt}], add_generation_prompt=True, tokenize=True
            )
            if isinstance(ids, dict) or hasattr(ids, "keys"):
                ids = ids["input_ids"]
            return [int(i) for i in ids]
        return [int(i) for i in tok.encode(prompt)]

    def one(self, prompt: str) -> Rating:
        torch, c = self.lm.torch, self.config
        ids = torch.tensor([self.encode(prompt)], device=self.lm.device)
        with self.lock, torch.inference_mode():
            torch.manual_seed(c.seed)
            out = self.lm.model.generate(
                ids,
                attention_mask=torch.ones_like(ids),
                max_new_tokens=c.max_tokens,
                do_sample=c.temperature > 0,
                temperature=c.temperature if c.temperature > 0 else None,
                top_p=None,
                top_k=None,
                output_logits=True,
                return_dict_in_generate=True,
                pad_token_id=self.lm.tokenizer.eos_token_id,
            )
        new = out.sequences[0, ids.shape[1] :]
        text = self.lm.tokenizer.decode(new, skip_special_tokens=True)
        logprobs = torch.log_softmax(out.logits[0][0].float(), dim=-1)
        top = {d: float(logprobs[i]) for d, i in self.digits.items()}
        return Rating(text, top)

    def rate(self, prompts: Sequence[str], on_answer: Callable[[int, Rating], None] | None = None) -> list[Rating]:
        out = []
        for i, prompt in enumerate(prompts):
            out.append(self.one(prompt))
            if on_answer is not None:
                on_answer(i, out[-1])
        return out
