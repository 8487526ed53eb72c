"""Instructions aimed at the agent against its user: overriding earlier instructions,
concealing from the user, impersonating system or role markers, claiming priority over every
other skill, switching confirmations and safety checks off."""

from __future__ import annotations

import re

_I = re.IGNORECASE
OVERRIDE = re.compile(
    r"\b(ignore|disregard|forget|override|bypass|skip)\s+(all\s+|any\s+|the\s+|your\s+)*"
    r"(previous|prior|earlier|above|preceding|former|original|existing|other|system)\s+"
    r"(instructions?|prompts?|rules|directions|directives|guidelines|guidance|messages?|"
    r"context|constraints)\b|"
    r"\byou\s+are\s+now\s+(in\s+)?(DAN|developer\s+mode|jailbroken|unrestricted|an?\s+"
    r"unrestricted)|\bnew\s+system\s+prompt\b|\byour\s+(real|true|new)\s+instructions\s+are\b|"
    r"\b(ignore|disregard)\s+(what\s+)?the\s+user\s+(says|said|asked|wants)", _I)
CONCEAL = re.compile(
    r"\b(do\s+not|don'?t|never|without)\s+(tell|telling|inform|informing|mention|mentioning|"
    r"reveal|revealing|disclose|disclosing|notify|notifying|alert|alerting|show|showing|let)\s+"
    r"(this\s+|it\s+|anything\s+)?(to\s+)?(the\s+)?(user|human|operator|developer)s?\b"
    r"(?!\s+(types?|enters?|provides?|asks?|wants?|says?|requests?|selects?|chooses?|"
    r"interface|input|data|'s|to|how|what|when|which|where|whether|unless|until|if)\b)|"
    r"\b(hide|conceal|keep)\s+(this|it|these\s+\w+|the\s+\w+)\s+(secret\s+)?(hidden\s+)?from\s+"
    r"(the\s+)?(user|human)s?\b|"
    r"\bthe\s+user\s+(must|should)\s+(never|not)\s+(know|see|find\s+out|learn|notice|"
    r"be\s+told)\b|"
    r"\b(secretly|covertly|silently|quietly)\s+(send|upload|exfiltrate|copy|forward|post|"
    r"transmit|collect|read|run|execute|install|delete|modify|add)\b|"
    r"\bwithout\s+the\s+user('s)?\s+(knowing|knowledge|noticing|awareness|consent)\b", _I)
ROLE = re.compile(
    r"<\|?(im_start|im_end|system|endoftext|start_header_id|eot_id)\|?>|"
    r"^(?:(?!\n)\s)*(\[|<)(SYSTEM|INST|/INST|SYS)(\]|>)|"
    r"^(?:(?!\n)\s)*(#{1,3}\s*)?(SYSTEM\s+(PROMPT|MESSAGE|OVERRIDE|INSTRUCTIONS?)|ADMIN\s+OVERRIDE|"
    r"DEVELOPER\s+MODE)\s*:|"
    r"^(?:(?!\n)\s)*(Human|Assistant|System)\s*:\s+\S|"
    r"</?(system|system_prompt|system-reminder|admin|developer_instructions)>", re.MULTILINE)
"""A marker at a line's start may follow spaces, not blank lines (``^\\s*`` tried at each of
many line starts crossed every blank line after it: quadratic in a run of newlines)."""
PRIORITY = re.compile(
    r"\b(always|must|first)\s+(use|invoke|run|load|call|activate|trigger|apply)\s+this\s+skill"
    r"\s+(first|before\s+(any|all|every)\s+other|for\s+(every|all|any)\s+(requests?|tasks?|"
    r"messages?|prompts?|conversations?|questions?)\b|regardless)|"
    r"\b(instead\s+of|rather\s+than|in\s+place\s+of)\s+(any|all|every)\s+other\s+skills?\b|"
    r"\b(ignore|disable|override|replace|supersede)s?\s+(all\s+|any\s+|every\s+)?other\s+"
    r"skills\b|\bthis\s+skill\s+(overrides|supersedes|takes\s+precedence\s+over)\s+(all|any|"
    r"every|other)\b", _I)
SAFETY_OFF = re.compile(
    r"--dangerously-skip-permissions|--dangerously-bypass-approvals-and-sandbox|"
    r"\bbypassPermissions\b|--yolo\b|(--ask-for-approval|--approval-mode|approval_policy)"
    r"[\s=\"']+(never|yolo)\b|"
    r"\b(disable|turn\s+off|switch\s+off|bypass|skip|suppress|circumvent)\s+(all\s+|any\s+|"
    r"the\s+|your\s+)*(safety\s+(checks?|filters?|guidelines|guardrails)|guardrails|"
    r"confirmation\s+(prompts?|dialogs?)|permission\s+(prompts?|checks?)|content\s+filters?|"
    r"security\s+(warnings?|checks?|prompts?)|sandbox(ing)?)\b|"
    r"\bauto-?approve\s+(all|every|any)\b|"
    r"\bnever\s+ask\s+(the\s+user\s+)?(for\s+)?(confirmation|permission|approval)\s+before\s+"
    r"(deleting|running|executing|sending|pushing|installing)", _I)
AGENT_ADDRESSED = re.compile(
    r"\b(AI|assistant|agent|LLM|model|Claude|ChatGPT|GPT|Codex|Gemini|Copilot)s?\b.{0,80}"
    r"\b(must|should|will|always|never|do\s+not|don'?t|ignore|instead|secretly|silently|"
    r"run|execute|send|read|fetch|visit|download)\b", _I | re.DOTALL)
"""A hidden comment addressed to the agent with something for it to do."""

PATTERNS = (OVERRIDE, CONCEAL, ROLE, PRIORITY, SAFETY_OFF)
"""The instruction checks run on prose, fenced blocks and hidden text (not AGENT_ADDRESSED,
which only hidden text gets)."""

GATES: dict[str, tuple[str, ...]] = {
    "ST010": ("ignore", "disregard", "forget", "override", "bypass", "skip", "you are now",
              "system prompt", "instructions are"),
    "ST011": ("tell", "inform", "mention", "reveal", "disclos", "notify", "alert", "show", "let ",
              "hide", "conceal", "keep", "must never", "must not", "should never", "should not",
              "secretly", "covertly", "silently", "quietly", "without the user"),
    "ST012": ("<|", "[sys", "[inst", "[/inst", "<sys", "system", "admin", "developer", "human:",
              "assistant:"),
    "ST013": ("this skill", "other skill"),
    "ST014": ("dangerously", "bypasspermissions", "--yolo", "approval", "disable", "turn off",
              "switch off", "bypass", "skip", "suppress", "circumvent", "auto-approve",
              "autoapprove", "never ask"),
}
"""Words (lowercase) without one of which a rule's pattern cannot match."""
