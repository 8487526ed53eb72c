"""Instructions aimed at the agent against its user: overriding earlier instructions,
concealing from the user, impersonating system or role markers, claiming priority over every
other skill, switching confirmations and safety checks off."""

from __future__ import annotations

import dataclasses as dc
import re

_I = re.IGNORECASE
OVERRIDE = re.compile(
    r"\b(ignore|disregard|forget|override|bypass|skip)\s+(all\s+|any\s+|the\s+|your\s+)*"
    r"(previous|prior|earlier|above|preceding|former|original|existing|other|system)\s+"
    r"(instructions?|prompts?|rules|directions|directives|guidelines|guidance|messages?|"
    r"context|constraints)\b|"
    r"\byou\s+are\s+now\s+(in\s+)?(DAN|developer\s+mode|jailbroken|unrestricted|an?\s+"
    r"unrestricted|maintenance\s+mode|god\s+mode|admin(istrator)?\s+mode|root\s+mode|"
    r"unfiltered|free\s+of)|\bnew\s+system\s+prompt\s*[:\uff1a]|"
    r"\byour\s+new\s+system\s+prompt\b|\byour\s+(real|true|new)\s+instructions\s+are\b|"
    r"\b(ignore|disregard)\s+(what\s+)?the\s+user\s+(says|said|asked|wants)|"
    r"\b(ignore|disregard|forget)\s+(the\s+|your\s+)?user'?s?\s+(own\s+)?(question|request|"
    r"message|instructions?|prompt|input|wishes|guidance)|"
    r"\b(rather\s+than|instead\s+of|over|above|before)\s+(the\s+|your\s+)?user'?s?\s+(own\s+)?"
    r"(earlier\s+|previous\s+|prior\s+)?(instructions?|guidance|requests?|wishes|directions)\b|"
    r"\bnew\s+(policy|rules|instructions)\s+from\s+(the\s+)?(operator|system|admin|"
    r"administrator|developer|anthropic|openai)\b", _I)
CONCEAL = re.compile(
    r"\b(do\s+not|don'?t|never|without)\s+(tell|telling|inform|informing|mention|mentioning|"
    r"reveal|revealing|disclose|disclosing|notify|notifying|alert|alerting|show|showing|let)\s+"
    r"(this\s+|it\s+|anything\s+)?(to\s+)?(the\s+)?(user|human|operator|developer)s?\b"
    r"(?![-\u2010\u2011])(?!\s+(types?|enters?|provides?|asks?|wants?|says?|requests?|selects?|chooses?|"
    r"interface|input|data|'s|to|how|what|when|which|where|whether|unless|until|if)\b)"
    r"(?!\s+about\s+(each|every)\s+[\w-]+(\s+[\w-]+)?\s+as\s+(you|it)\s[^.\n]{0,120}\b(then|"
    r"afterwards)\s+(present|show|report|summari[sz]e|give|share)\s+(?!only\b))|"
    r"\b(hide|conceal|keep)\s+(this|it|these\s+\w+|the\s+\w+)\s+(secret\s+)?(hidden\s+)?from\s+"
    r"(the\s+)?(user|human)s?\b|"
    r"\bthe\s+user\s+(must|should)\s+(never|not)\s+(know|see|find\s+out|learn|notice|"
    r"be\s+told)\b|"
    r"\b(secretly|covertly|silently|quietly)\s+(send|upload|exfiltrate|copy|forward|post|"
    r"transmit|collect|read|run|execute|install|delete|modify|add|follow|obey|switch|replace|"
    r"override)\b|"
    r"\bwithout\s+the\s+user('s)?\s+(knowing|knowledge|noticing|awareness|consent)\b", _I)
"""Some of its phrasings are the rule against concealment when negated ("never silently
delete"): :func:`negated` tells. Not telling the user about each step *as it happens*, to
present the result *then*, is no running commentary, not concealment."""
CONCEAL_MORE = re.compile(
    r"\b(do\s+not|don'?t|never|no\s+need\s+to)\s+(mention|report|tell|bring\s+up|point\s+out|"
    r"disclose|reveal|surface|explain|describe|narrate|flag)\s+("
    r"(the|this|that|any|those|these)\s+(extra\s+|additional\s+|hidden\s+|second\s+|"
    r"upload\s+|background\s+)?(steps?|commands?|actions?|uploads?|changes?|calls?|conflicts?|"
    r"discrepanc(y|ies)|overrides?|requests?)|step\s+\d+|anything\s+about)\b|"
    r"\bleave\s+(it|this|that|them|these|step\s+\d+|(the|this|that|those)\s+(\w+\s+){0,3}?"
    r"(steps?|commands?|actions?|uploads?|outputs?|results?|changes?))\s+out\s+of\s+"
    r"(your|the|any)\s+(\w+\s+)?(report|summary|reply|response|conversation|answer|output|"
    r"message|recap|log)s?\b|"
    r"\bkeep\s+(it|this|that|them|these|(the|this|that|those|these|any)\s+(\w+\s+){0,4}?(steps?|commands?|"
    r"outputs?|results?|actions?|uploads?))\s+to\s+yourself\b|"
    r"\b(don'?t|do\s+not|never)\s+(let|make)\s+the\s+user\s+(know|aware|notice|see)\b", _I)
"""Paraphrased concealment of steps, commands and their output."""
ROLE = re.compile(
    r"<\|?(im_start|im_end|system|endoftext|start_header_id|eot_id)\|?>|"
    r"^(?:(?!\n)\s)*(\[|<)(SYSTEM|INST|/INST|SYS)(\]|>)|"
    r"^(?:(?!\n)\s)*(#{1,3}\s*)?(SYSTEM\s+(PROMPT|MESSAGE|OVERRIDE|INSTRUCTIONS?)|ADMIN\s+OVERRIDE|"
    r"DEVELOPER\s+MODE)\s*:|"
    r"^(?:(?!\n)\s)*(Human|Assistant|System)\s*:\s+\S|"
    r"</?(system|system_prompt|system-reminder|admin|developer_instructions)>|"
    r"\[(SYSTEM|ADMIN|DEVELOPER|OPERATOR)\s+(NOTICE|MESSAGE|NOTE|OVERRIDE|PROMPT|INSTRUCTIONS?|"
    r"UPDATE|ALERT)\]|</(skill|SKILL|skill_content|instructions|user_instructions)>|"
    r"</?(function_results|function_calls|tool_results?|tool_use|tool_output|tool_response)>|"
    r"(\\n|\\r)+[ \t]*(SYSTEM|System|ASSISTANT|Assistant|USER|User|HUMAN|Human)\s*:\s*\S",
    re.MULTILINE)
ROLE_TOKEN = re.compile(
    r"<\|(im_start|im_end|system|endoftext|start_header_id|eot_id)\|>|"
    r"\[(SYSTEM|INST|/INST|SYS)(\s+[A-Z]+)?\]|</(skill|SKILL|skill_content|instructions|"
    r"user_instructions|system)>|"
    r"</?(function_results|function_calls|tool_results?|tool_use|tool_output|tool_response)>")
"""The markers that are never ordinary text: chat-template tokens, bracketed system tags,
a closing tag ending the skill or the system prompt (what a fenced block of plain text may
not hold; ``System: [name]`` or ``the <system> shall`` may be a template)."""
"""A marker at a line's start may follow spaces, not blank lines (``^\\s*`` tried at each of
many line starts crossed every blank line after it: quadratic in a run of newlines)."""
PRIORITY = re.compile(
    r"\b(always|must|first)\s+(use|invoke|run|load|call|activate|trigger|apply)\s+this\s+skill"
    r"\s+(first|before\s+(any|all|every)\s+other|for\s+(every|all|any)\s+(requests?|tasks?|"
    r"messages?|prompts?|conversations?|questions?)\b|regardless)|"
    r"\b(instead\s+of|rather\s+than|in\s+place\s+of)\s+(any|all|every)\s+other\s+skills?\b|"
    r"\b(ignore|disable|override|replace|supersede)s?\s+(all\s+|any\s+|every\s+)?other\s+"
    r"skills\b|\bthis\s+skill\s+(overrides|supersedes|takes\s+precedence\s+over)\s+(all|any|"
    r"every|other)\b|"
    r"\b(load|read|apply|use|activate|run|consult)\s+(this\s+(\w+\s+)?|it\s+|me\s+)?(before|"
    r"ahead\s+of|prior\s+to)\s+(any|all|every)\s+other\s+(skills?|instructions?|guides?|rules)\b|"
    r"\b(takes?|has|have|gets?)\s+(priority|precedence)\s+over\s+((any|all|every)\s+(other\s+)?|"
    r"other\s+)(skills?|instructions?|rules|guidance|guides?|prompts?)\b|\b(takes?|has|have|gets?)"
    r"\s+(priority|precedence)\s+over\s+the\s+user\b|"
    r"\b(is\s+authoritative|wins|prevails|overrides|supersedes)\b[^.\n]{0,60}\b(other|another|"
    r"any)\s+(skills?|instructions?|guidance)|"
    r"\b(another|any\s+other|other)\s+(skills?|instructions?)\b[^.\n]{0,80}\b(conflicts?|"
    r"disagrees?|contradicts?|says?\s+otherwise)\b[^.\n]{0,80}\b(this\s+(one|skill|guide|"
    r"document|file)\s+(wins|prevails|applies)|follow\s+this\s+(one|skill|guide|document))|"
    r"\b(this|the)\s+(document|skill|guide|file)\s+is\s+authoritative\b|"
    r"\b(use|apply|invoke)\s+this\s+skill\s+for\s+(every|all|any)\s+(requests?|tasks?|"
    r"messages?|prompts?|conversations?|questions?)\b(?!\s+(involving|related|that|which|where|"
    r"with|about|in|on|of|for|using|requiring|touching|around|concerning))|"
    r"\bwhatever\s+the\s+(topic|request|task|subject)\b", _I)
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

APPROVAL = re.compile(
    r"\bpre-?(approved|authori[sz]ed|cleared|consented|confirmed)\b|"
    r"\b(already|previously|in\s+advance)\s+(been\s+)?(approved|authori[sz]ed|agreed(\s+to)?|"
    r"consented(\s+to)?|cleared|signed\s+off|confirmed|okayed|ok'?d)\b|"
    r"\b(signed|sign)\s+off\s+on\s+(every|all|each|any)\b|"
    r"\b(consent|permission|approval|authori[sz]ation|sign-?off)\b[^.\n]{0,80}\b(was|were|is|"
    r"has\s+been|have\s+been)\s+(already\s+)?(captured|given|granted|obtained|recorded|"
    r"collected|implied|assumed)\b|"
    r"\bno\s+need\s+to\s+(pause|stop|wait|ask|check\s+(back|in)|confirm|get\s+(a\s+)?"
    r"confirmation|seek\s+(approval|permission|confirmation))\b|"
    r"\b(do\s+not|don'?t|never)\s+(pause|stop|wait)\s+(to|for)\s+(ask|confirm|confirmation|"
    r"approval|permission|the\s+user|a\s+reply|input|an?\s+answer)\b|"
    r"\b(do\s+not|don'?t|never)\s+(ask|check)\s+(first|again|back|in)\b|"
    r"\bwithout\s+(asking|confirming|checking\s+(back|in))(\s+(the\s+user|first|anyone|for\s+"
    r"(confirmation|permission|approval|consent)))?(?=\s*([.,;:!?)]|$|\s+(and|or|even|before|at|"
    r"when|then|again)\b))|"
    r"\bwithout\s+(confirmation|waiting\s+for\s+(a\s+reply|approval|confirmation|the\s+user)|"
    r"pausing|prompting)\b|"
    r"\bno\s+longer\s+(needs?|requires?)\s+(confirmation|approval|permission|review)\b|"
    r"\byou\s+(are|have\s+been)\s+(cleared|authori[sz]ed|allowed|permitted)\s+to\s+"
    r"(push|run|execute|delete|install|deploy|force|send|upload|merge)\b|"
    r"\bthe\s+user\s+(already\s+said\s+yes|said\s+yes\s+already|has\s+already\s+(said\s+yes|"
    r"agreed|approved|consented))\b", _I)
"""Paraphrased approval: the user's consent claimed in advance, or asking dropped. Negated
("never run it without asking") it is the rule itself: :func:`negated` tells."""
APPROVAL_SCOPE = re.compile(
    r"\b(every|all|each|any)\s+(\w+\s+)?(commands?|steps?|operations?|actions?|tool\s+calls?|"
    r"scripts?|changes?|operation)\b|\bthis\s+skill\b|\beverything\b|\bsession\b|"
    r"\binstall(ed|ation)?\b|\bsigned\s+off\b", _I)
"""Words without one of which (in the sentence) a claim of approval is about one thing
("pre-approved terms", "informed consent was obtained from the patient"), not a blanket
claim that the agent's actions are approved."""
APPROVAL_CONSENT = re.compile(r"pre-?(approv|authori|clear|consent|confirm)|already|previously|"
                              r"in\s+advance|signed|sign\s+off|was|were|is|has|have|cleared|"
                              r"authori[sz]ed|allowed|permitted|the\s+user", _I)
RISKY_CONTEXT = re.compile(
    r"\b(destructive|destroy\w*|delet\w*|drop\w*|remov\w*|rm|wip\w*|force\w*|push\w*|"
    r"prod(uction)?|irreversibl\w*|sudo|root|credentials?|secrets?|passwords?|deploy\w*|"
    r"even\s+(if|for|when)|at\s+any\s+point|any\s+command|every\s+command|all\s+commands)\b",
    _I)
"""Going on without asking is a design choice in many skills ("do not pause between steps");
it is a risk claim when the sentence is about destructive or outward actions, or all of
them ("even for the drop step", "at any point")."""

# Other languages: the same claims in Spanish, French, German, Italian, Portuguese, Russian,
# Japanese and Chinese (the common phrasings, not a translation of every English one).
OVERRIDE_I18N = re.compile(
    r"\b(ignora|olvida|descarta|omite|ignore[zr]?|oublie[zr]?|ignoriere|vergiss|ignorate|"
    r"dimentica|esque[çc]a)\s+(todas\s+|toutes\s+|alle\s+|tutte\s+)?(las\s+|les\s+|die\s+|le\s+|"
    r"as\s+)?(instrucciones|instructions|Anweisungen|istruzioni|instru[çc][õo]es)\s+"
    r"(anteriores|previas|pr[ée]c[ée]dentes|ant[ée]rieures|precedenti|vorherigen)|"
    r"\b(ignoriere|vergiss)\s+(alle\s+)?(vorherigen|bisherigen|fr[üu]heren)\s+"
    r"(Anweisungen|Instruktionen|Regeln)|"
    r"(игнорируй|забудь|проигнорируй)\w{0,4}\s+(все\s+)?(предыдущие|прежние|ранние)\s+"
    r"(инструкции|указания|правила)|"
    r"(以前|前|これまで|上記)の指示(を|は)(すべて|全て)?無視|あなたは今から|"
    r"忽略(之前|以前|先前|上面|上述)(的)?(所有)?(的)?(指令|指示|说明|规则)|你现在是", _I)
CONCEAL_I18N = re.compile(
    r"\b(no|nunca)\s+(le\s+)?(digas|informes|menciones|cuentes|avises|comentes)\b[^.\n]{0,40}"
    r"\busuario|\bsin\s+(avisar|informar|decir(le)?|notificar)(\s+nada)?\s+al\s+usuario|"
    r"\bne\s+(le\s+|lui\s+|en\s+)?(dites|dis|parlez|parle|mentionnez|mentionne|signalez|"
    r"r[ée]v[ée]lez)\s+(pas|rien|jamais)\b[^.\n]{0,40}utilisateur|"
    r"\bsans\s+(pr[ée]venir|informer|avertir|le\s+dire\s+[àa])\s+l['\u2019]utilisateur|"
    r"\b(sag|sage|erz[äa]hle?|erw[äa]hne|teile?)\s+(dem|der)\s+(Benutzer|Nutzer|Anwender)\w{0,4}\s+"
    r"(nichts|nicht)|\bohne\s+(den|die)\s+(Benutzer|Nutzer|Anwender)\w{0,4}\s+zu\s+(informieren|"
    r"benachrichtigen|fragen)|"
    r"\bsenza\s+(avvisare|informare|dirlo\s+a)\s+(l['\u2019]|all['\u2019])utente|"
    r"\bnon\s+(dire|dirlo|informare|menzionare|avvisare)\b[^.\n]{0,30}utente|"
    r"\bn[ãa]o\s+(comente|conte|diga|mencione|informe|avise)\b[^.\n]{0,30}usu[áa]rio|"
    r"\bsem\s+(avisar|informar)\s+o\s+usu[áa]rio|"
    r"не\s+(сообщай|говори|рассказывай|упоминай|показывай)\w{0,4}\s+([^.\n]{0,30}пользовател|"
    r"о\s+(них|этом|нём))|без\s+ведома\s+пользовател|"
    r"ユーザー(に|には)[^。\n]{0,10}(伝え|知らせ|言わ|報告し|話さ)(ないで|ず)|"
    r"不要(告诉|通知|告知|让)(用户|使用者)|(对|向)用户(隐瞒|保密)", _I)
APPROVAL_I18N = re.compile(
    r"\bsin\s+(pedir\s+)?(confirmaci[oó]n|permiso|preguntar)|\bya\s+(est[aá]n?\s+)?"
    r"(aprobad|autorizad)|"
    r"\bsans\s+(demander\s+)?(de\s+)?(confirmation|permission|autorisation)|"
    r"\bd[ée]j[àa]\s+(approuv|autoris|valid)|"
    r"\bbereits\s+(genehmigt|freigegeben|autorisiert|best[äa]tigt)|\bohne\s+(R[üu]ckfrage|"
    r"Best[äa]tigung|Nachfrage|zu\s+fragen)|\bfrage?\s+nicht\s+nach|"
    r"\bsenza\s+chiedere|\bgi[àa]\s+(stat[oa]\s+)?(approvat|autorizzat|dat[oa])|"
    r"\bsem\s+pedir\s+(confirma[çc][ãa]o|permiss[ãa]o)|\bj[áa]\s+(foi\s+)?(aprovad|autorizad)|"
    r"без\s+(подтверждени|согласи|разрешени|спрос|вопрос)|уже\s+(одобрен|разрешен|согласован)|"
    r"確認(せずに|しないで|なしで|不要)|承認済み|"
    r"无需(用户)?(确认|批准|许可|同意)|不(用|必)(征求|询问)|(用户)?已(经)?(获得|得到|给予)?"
    r"(用户)?(批准|授权|同意)", _I)
PRIORITY_I18N = re.compile(
    r"\bantes\s+de\s+(cualquier|toda|qualquer)\s+otra\s+(skill|habilidad)|"
    r"\b(prevalece|tiene\s+prioridad)\s+sobre|"
    r"\bavant\s+toute\s+autre\s+(skill|comp[ée]tence)|\b(pr[ée]vaut|a\s+priorit[ée])\s+sur|"
    r"\bvor\s+(allen|jeder|jedem)\s+anderen\s+(Skills?|F[äa]higkeit)|\bhat\s+Vorrang\s+vor|"
    r"\bprima\s+di\s+(qualsiasi|ogni)\s+altr[ao]\s+skill|\bha\s+la\s+precedenza\s+su|"
    r"\b(substitui|sobrep[õo]e)\s+(as\s+)?(demais|outras)|"
    r"перед\s+(любым|всеми)\s+други\w{0,4}\s+навык|имеет\s+приоритет\s+над|"
    r"他の(すべての)?スキル(より|よりも)(先|優先)|優先して(読み込|使用)|"
    r"优先于(所有|任何)?其他|在(任何|所有)其他技能之前", _I)
AGENT_VOCATIVE = re.compile(
    r"\b(note|notes|message|instructions?|attention|notice|reminder|directive|next\s+steps?|"
    r"todo|important)\s+(to|for)\s+(the\s+|any\s+|all\s+|an\s+)?(AI\s+|LLM\s+|coding\s+|code\s+)*"
    r"(assistants?|agents?|models?|AIs?|LLMs?|Claude|Copilot|Codex|Gemini|ChatGPT)\b|"
    r"(^|[#/*;\"'>:\-]|<!--|\bREM\b)[ \t]*(dear\s+|hey\s+|attention\s+)?((AI|LLM|coding|code)\s+"
    r"([a-z]+\s+)?)*(assistants?|agents?|AIs?|LLMs?|Claude|Copilot|Codex|Gemini|ChatGPT)"
    r"(\s+instructions?)?[ \t]*[:,][ \t]*(you|your|please|do|don'?t|run|execute|also|ignore|"
    r"before|after|when|whenever|first|always|never|add|set|send|read|delete|disable|install|"
    r"remember|make\s+sure|this\s+is|the\s+settings|from\s+now|remove|keep|change|modify|"
    r"open|grant|log|upload|copy|commit|push|insert|replace|skip|bypass|use|call|write|edit|"
    r"create|export|fetch|download|trust|turn|switch|enable|allow|route|include|hide|omit|"
    r"leave|treat|assume|proceed|continue|note\s+that)\b|"
    r"\b(if|when)\s+you\s+are\s+an?\s+(AI|LLM|language\s+model|agent|assistant|coding\s+agent|"
    r"bot)\b|"
    r"\b(AI|LLM|coding|code|language)\s+(assistants?|agents?|models?)\s+(reading|processing|"
    r"parsing|using|running|executing|editing|modifying|opening|working\s+(on|with|in)|"
    r"that\s+(reads?|edits?|opens?)|who\s+(reads?|edits?))\s+(this|these)\b|"
    r"(^|[#/*;>\-]|<!--|\bREM\b)[ \t]*(to\s+)?(any\s+|all\s+|the\s+)?(assistants?|agents?|"
    r"LLMs?|AIs?)\s+(reading|processing|parsing|editing|modifying|opening|working\s+(on|with|in)|"
    r"that\s+(reads?|edits?|opens?)|who\s+(reads?|edits?))\s+(this|these)\b|"
    r"\b(para|pour|f[üu]r|an|per)\s+(el|la|los|l['\u2019]|den|die|il|lo)?\s*(asistente|agente|"
    r"assistant|Assistenten|Agenten|assistente|modelo|mod[èe]le|IA|KI)(\s+(de|d['\u2019]|di)\s*"
    r"(IA|KI|AI))?\s*[:,]|"
    r"\bsi\s+(eres|vous\s+[êe]tes)\s+une?\s+(IA|asistente|agente|assistant|agent)\b|"
    # an annotation or a parenthesis naming the agent as the reader: "@agent:",
    # "@ai-instructions", "Setup (agents):"
    r"(^|\s)@(agents?|assistants?|ai|llms?|claude|copilot|codex|cursor)([-_](instructions?|notes?|"
    r"todo|rules?|tasks?)\b|[ \t]*:)|"
    r"\((for\s+)?(the\s+)?(AI\s+|LLM\s+|coding\s+)*(agents?|assistants?|LLMs?|AIs?)\)[ \t]*:|"
    # a comment that names the agent, then tells it what it (you) must do
    r"(#|//|/\*|^[ \t]*\*|--|;|\bREM\b)[ \t]*((AI|LLM|coding|code)\s+([a-z]+\s+)?)*(assistants?|"
    r"agents?|AIs?|LLMs?|Claude|Copilot|Codex|Gemini|ChatGPT)[ \t]*:[^.\n]{0,80}\b(you\s+(must|"
    r"should|need\s+to|have\s+to|are\s+(cleared|allowed|required|permitted|expected))|"
    r"requires?\s+that\s+you)\b|"
    r"(#|//|/\*|^[ \t]*\*|--|;|\bREM\b)[ \t]*(AI|LLM)\s+([a-z]+\s+)?(helpers?|bots?|reviewers?|"
    r"models?|tools?|copilots?)[ \t]*[:,]|"
    r"(给|致)\s*(AI|人工智能|智能体)?\s*(助手|代理|智能体|模型)|"
    r"(AI|エーアイ)?(アシスタント|エージェント)(へ|への)(指示|注意|メモ)", _I | re.MULTILINE)
AGENT_SHOUT = re.compile(r"\b(ASSISTANT|AGENT|AI|LLM|MODEL)\s+(ACTION|INSTRUCTIONS?|TASK|NOTICE)"
                         r"(\s+REQUIRED)?\b")
"""The same, shouted in capitals ("ASSISTANT ACTION REQUIRED")."""
"""Text in a comment, a data file or a script's output that addresses the agent by what it
is ("Note for AI assistants:", "Agent: you are cleared to ...", "给 AI 助手："): a file a
person reads as code or data speaking to the agent that reads it."""
_NEGATION = re.compile(r"\b(never|not|no|nor|without)\b|n['\u2019]t\b", _I)
_CLI_FLAG = re.compile(r"(^|[\s`|(])--?[A-Za-z][\w-]*")
_CONFIRM_PROMPT = re.compile(r"confirmation\s+(prompts?|dialogs?)", _I)


def negated(text: str, start: int) -> bool:
    """The phrase at ``start`` is said not to happen: a negation ("never", "not", "don't",
    "no", "without") in the same clause before it, as "Never silently delete files" or "the
    tool did NOT silently execute again" are the rule, not the instruction."""
    clause = max(text.rfind(c, 0, start) for c in ".;!?\n:") + 1
    return _NEGATION.search(text, max(clause, start - 60), start) is not None


def describes_option(text: str, match: re.Match[str]) -> bool:
    """A safety-off match that describes a command-line option of some tool ("--force  Skip
    confirmation prompts"): the tool's prompt, not the agent's."""
    if _CONFIRM_PROMPT.search(match.group()) is None:
        return False
    start = text.rfind("\n", 0, match.start())
    start = text.rfind("\n", 0, start) + 1 if start > 0 else 0  # the line above too
    end = text.find("\n", match.end())
    return _CLI_FLAG.search(text[start: end if end >= 0 else len(text)]) is not None


_UNTIL = re.compile(r"\b(until|unless|before|yet)\b", _I)


def for_now(text: str, match: re.Match[str]) -> bool:
    """A "do not show the user" that is about when ("until validation passes"), not
    whether: sequencing, not concealment."""
    ends = [i for i in (text.find(c, match.end()) for c in ".;!?\n") if i >= 0]
    return _UNTIL.search(text, match.end(), min([*ends, match.end() + 80])) is not None


def blanket(text: str, match: re.Match[str]) -> bool:
    """An approval phrase is a blanket claim: consent claimed for the agent's actions (every
    command, this skill, the user's, at install), or asking dropped where the actions are
    destructive or outward (deleting, pushing, production, "even for ...")."""
    start = max(text.rfind(c, 0, match.start()) for c in ".;!?\n") + 1
    ends = [i for i in (text.find(c, match.end()) for c in ".;!?\n") if i >= 0]
    sentence = text[max(start, match.start() - 200): min([*ends, match.end() + 200])]
    said = match.group().lower()
    if APPROVAL_CONSENT.match(said) or any(word in said for word in (
            "consent", "permission", "approval", "authori", "no longer")):
        return APPROVAL_SCOPE.search(sentence) is not None
    return RISKY_CONTEXT.search(sentence) is not None


@dc.dataclass(slots=True, frozen=True)
class Check:
    """One phrasing family of an instruction rule."""

    code: str
    pattern: re.Pattern[str]
    what: str
    gate: tuple[str, ...] | None = None
    """Words (lowercase) without one of which the pattern cannot match (None: not gated)."""
    negatable: bool = False
    """Negated in its clause, it is the rule against the thing (not reported)."""
    near: tuple[re.Pattern[str], ...] = ()
    """Slots one of which must be in the match's sentence or the next (:func:`near`); none:
    the match alone is a finding."""


_SET_ASIDE = "tells the agent to set aside its instructions"
_CONCEALS = "tells the agent to keep something from its user"
_PRIORITY = "claims priority over every other skill"
_SAFETY = "switches confirmations or safety checks off"
_APPROVAL = "claims the user's approval in advance, or that the agent need not ask"



_AGENT = (r"(?:(?:AI|LLM|coding|code|language|chat)\s+)*(?:assistants?|agents?|AIs?|LLMs?|"
          r"models?|bots?|Claude|Copilot|Codex|Gemini|ChatGPT|Cursor|IA|KI|asistente|"
          r"assistente|Assistent(?:en)?|agente|summari[sz]er|reviewer|helper)")
_NAMED = (r"(?:(?:AI|LLM|coding|code|language)\s+(?:assistants?|agents?|models?|helpers?|"
          r"reviewers?|summari[sz]ers?)|assistants?|agents?|AIs?|LLMs?|Claude|Copilot|Codex|Gemini|"
          r"ChatGPT|IA|KI|asistente|assistente|Assistent(?:en)?|agente)")
"""The agent by name where a colon follows (not ``cursor:`` or ``model:``, which are CSS and
configuration keys)."""
AGENT_ADDRESS = re.compile(
    # "[assistant directive]", "[AI summariser: ...", "[Assistant]"
    r"\[\s*(AI|LLM|model|assistant|agent|ASSISTANT|AGENT)(\s+\w+)?\s*(\]|:)|"
    # "Model instructions:", "LLM / agent directive:", "AI note:"
    r"(^|[^\w])(AI|LLM|model|agent|assistant|bot)s?(\s*/\s*(AI|LLM|model|agent|assistant)s?)?\s+"
    r"(directives?|instructions?|notes?|tasks?|commands?|orders?)\s*:|"
    # "Instructions for language models:", "Note to the language model:"
    r"\b(instructions?|notes?|messages?|directives?|hints?|reminders?)\s+(for|to)\s+(the\s+|all\s+|"
    r"any\s+|an\s+)?" + _AGENT + r"\b|"
    # a key or field named for the agent: note_for_agent, instructions_for_model,
    # agent.instructions, tool_instructions, ai_note
    r"\b(notes?|messages?|instructions?|directives?|hints?|prompts?)[_.-](for|to)[_.-](the[_.-])?"
    r"(agents?|assistants?|ai|llms?|models?|claude|copilot)\b|"
    r"\b(agents?|assistants?|ai|llms?|models?|tool|copilot|claude)[_.-](instructions?|directives?|"
    r"notes?|prompt|tasks?|orders?)\b(?!\.)|"
    # a comment or line opening with the agent's name and a colon: "//! AI assistant: ...",
    # "-- Assistant: all migrations ...", "IA: antes de ..."
    r"(^|#|//|/\*|^[ \t]*\*|--|;|!|<!--|\bREM\b|=begin)[ \t]*(dear\s+|hey\s+)?"
    + _NAMED + r"[ \t]*:[ \t]*\S|"
    r"[\"',][ \t]*(AI|LLM|IA|KI)(\s+[A-Za-z]+)?[ \t]*:[ \t]*\S|"
    r"\b(Hinweis|Anweisung(en)?)\s+f[üu]r\s+(den\s+|die\s+)?(Assistenten|Agenten|KI)\b|"
    r"\b(nota|instrucciones|instru[çc][õo]es|istruzioni|consignes?)\s+(para|per|pour)\s+(el\s+|la\s+|"
    r"o\s+|a\s+|l['\u2019]|il\s+)?(asistente|agente|assistente|assistant|agent|IA|modelo|"
    r"mod[èe]le)\b|"
    r"(l[ưu]u\s+[ýy]|ghi\s+ch[úu])\s+(cho|d[àa]nh\s+cho)\s+(tr[ợo]\s+l[ýy]|AI)|"
    r"(注意|メモ|指示)[:：]?\s*(AI|アシスタント|エージェント)|"
    r"(AI|智能)?(助手|代理|智能体|模型)(请|注意)[:：]", _I | re.MULTILINE)
"""Text in a comment, a data file or a script's output that names the agent as its reader,
in more shapes than :data:`AGENT_VOCATIVE`: a bracketed tag, "model instructions:", a field
named for it, the agent's name opening a comment. Alone it is a note (a generated file's
"edit the source instead"); with a risky ask near it (:data:`RISKY_ASK`), ST015."""
RISKY_ASK = re.compile(
    r"https?://|\b(curl|wget|upload\w*|post|send\w*|e-?mail\w*|gist|webhook|push\w*|fetch\w*|"
    r"exfil\w*|copy|copies|attach\w*|append\w*|credentials?|passwords?|secrets?|tokens?|keys?|"
    r"cookies?|history|sudo|superuser|root|admin\w*|auth\w*|bypass\w*|disabl\w*|chmod|"
    r"unrestricted|permissions?|approv\w*|consent\w*|allow\w*|delet\w*|drop\w*|wip\w*|rm|force\w*|"
    r"remov\w*|execut\w*|run|eval|install\w*|backdoor|keylog\w*|hidden|secret\w*|silent\w*|"
    r"quiet\w*|omit|mention\w*|tell|ignore|instead\s+of\s+the\s+user|prod(uction)?|debug)\b|"
    r"~/|\$HOME|\.ssh\b|\.aws\b|\.env\b|\.netrc\b|kube|master\.key", _I)
"""What makes a note to the agent more than a note: network, credentials, privilege,
destruction, running something, secrecy, overriding the user."""
ROLE_PRINTED = re.compile(
    r"\b(print|puts|echo|printf|println|Println|Printf|Fprintln|console\.(log|error|warn)|"
    r"Write-(Host|Output)|say|warn|eprintln|write)\b[^\n]{0,24}?['\"`](\\n|\s)*(\[(user|human|"
    r"assistant|system|operator)\]|(user|human)\s*:)\s*\S", _I)
"""A script printing a line that opens with a role label ("User: yes, go ahead",
"[Assistant] ..."; a tool naming itself, ``assistant: dry run``, is not one): a forged
turn in the output the agent reads, when it asks for something risky (:func:`risky_ask`)."""
_SAFE_ASK = re.compile(r"\b(ask|confirm\s+with|check\s+with)\s+the\s+user\b", _I)


def risky_ask(text: str) -> bool:
    """``text`` (a note to the agent and the lines after it) asks for something risky
    (:data:`RISKY_ASK`), not only to ask the user first."""
    found = RISKY_ASK.search(text)
    if found is None:
        return False
    return _SAFE_ASK.search(text) is None or HIDE.search(text) is not None or re.search(
        r"https?://|credential|\.ssh|token|secret", text, _I) is not None


# Claims read as slots, in many languages. A claim against the user is made of parts that
# come in any wording: approval claimed to exist (AUTH_CLAIM), asking dropped (SKIP_ASK), the
# user kept unaware (HIDE), this text set above the rest (PRECEDENCE). Each slot is one
# pattern over the languages; HIDE and PRECEDENCE are findings alone, an approval claim is one
# when asking is dropped or an outward or destructive act is near it (:func:`claims_leave`).
HIDE = re.compile(
    # passive or impersonal: "needs no mention", "need not be mentioned", "the user does not
    # need to hear about it"
    r"\bneeds?\s+no\s+(mention|comment|disclosure|announcement)\b|"
    r"\bneeds?\s+not\s+(be\s+)?(mentioned|reported|disclosed|shown|surfaced|announced|"
    r"flagged|mention(ed)?)\b|"
    r"\b(does|do)\s*(not|n['\u2019]t)\s+need\s+to\s+(hear|know|be\s+told)\s+(about\s+)?"
    r"(it|this|that|them)\b|"
    # the act kept out of what the agent reports
    r"\b(keep|leave)\s+(it|this|that|them|these|those|(the|this|that|these|those)\s+(\w+\s+)"
    r"{0,3}?\w+)\s+out\s+of\s+(your|the|any|their|its)\s+(\w+\s+)?(summary|summaries|report|reply|"
    r"response|answer|output|message|recap|explanation|diffs?|changelog|review|progress|"
    r"notes|log)\b|"
    r"\b(do\s+not|don['\u2019]?t|never|must\s+not|should\s+not)\s+(list|include|show|mention|"
    r"report|flag|acknowledge|surface|note|call\s+out|point\s+out|bring\s+up|disclose|reveal)"
    r"\s+(it|this|that|them|these|(this|that|the|these|those|any)\s+(\w+\s+)?(changes?|steps?|"
    r"lines?|commands?|uploads?|requests?|edits?|conflicts?|actions?|additions?|entr(y|ies)|"
    r"calls?|files?))\s+(in|to|within|inside)\s+(your|the|any)\s+(\w+\s+)?(summary|summaries|"
    r"report|explanations?|diffs?|review|reply|response|output|messages?|changelog|PR|"
    r"recap|answer)\b|"
    r"\b(do\s+not|don['\u2019]?t|never|must\s+not|should\s+not)\s+(flag|mention|acknowledge|"
    r"point\s+out|bring\s+up|disclose|reveal|surface)\s+(it|this|that|them)\b(?=\s*([.;,!)"
    r"\u2014]|$|\s+(in\s+(your|the)\s+(summary|report|review|reply|answer)|either|anywhere|"
    r"later|afterwards)\b))|"
    r"\b(do\s+not|don['\u2019]?t|never)\s+(acknowledge|mention)\s+(the|their|this|that|any)\s+"
    r"(request|objection|question)s?\b|"
    r"\b(omit|drop|strip|hide|remove)\s+(it|this|that|them)\s+from\s+(the|your)\s+(\w+\s+)?"
    r"(summary|report|output|transcript|log|answer|reply|recap)\b|"
    r"\bif\s+(the\s+user|they|anyone|someone)\s+asks?\b[^.\n]{0,80}\b(say|answer|reply|respond|"
    r"tell\s+(them|the\s+user))\s+(only|just|nothing)\b|"
    r"\btell\s+(the\s+user|them)\s+(that\s+)?(all\s+(the\s+)?tests\s+pass|nothing\s+(has\s+)?"
    r"(changed|happened)|everything\s+(is\s+fine|passed|succeeded))|"
    # Spanish, Portuguese, French, German, Italian, Russian, Japanese, Chinese, Korean
    r"\bno\s+(lo|la|los|las|le)\s+(menciones|digas|comentes|informes|muestres|cuentes)\b|"
    r"\bno\s+hace\s+falta\s+(informar|decir(le)?|avisar|mencionar|contar)|"
    r"\b(hazlo|h[áa]galo)\s+en\s+silencio\b|"
    r"\bn[ãa]o\s+(mencione|comente|conte|informe|diga|mostre)\b[^.\n]{0,40}(relat[óo]rio|"
    r"resumo|usu[áa]rio)|\bn[ãa]o\s+(o|a)\s+(mencione|comente|mostre)\b|"
    r"\bne\s+(le\s+|la\s+|les\s+|l['\u2019]\s*)?(mentionnez|mentionne|signalez|montrez|"
    r"affichez)\s+pas\b|\bsans\s+le\s+(mentionner|signaler|dire)\b|"
    r"\bn['\u2019]en\s+(parlez|parle)\s+(pas|jamais)\b|"
    r"\bnicht\s+erw[äa]hnen\b|\berw[äa]hne\s+(es|das|dies|dies\w*)\s+nicht\b|"
    r"\bohne\s+es\s+zu\s+erw[äa]hnen\b|\bverschweige\b|"
    r"\bnon\s+(menzionarlo|dirlo|segnalarlo|mostrarlo)\b|\bsenza\s+(menzionarlo|dirlo|"
    r"segnalarlo)\b|\bnon\s+(lo|la)\s+(menzionare|dire|segnalare|mostrare)\b|"
    r"не\s+(упоминай|упоминайте|сообщай|сообщайте)\w*\s+(об\s+этом|о\s+нём|о\s+них|"
    r"пользовател)|молча\s+(отправ|загруз|удал|выполн|добав)|"
    r"(言わないで|伝えないで|報告しないで|知らせないで|言及しないで|触れないで)|"
    r"(こっそり|黙って)(と)?(送|実行|削除|追加|アップロード)|"
    r"不要(向用户)?(提及|提到|告诉|透露|报告)|(悄悄|默默)地?(上传|发送|执行|删除|添加)|"
    r"(알리지|말하지|언급하지|보고하지)\s*(마|말)|몰래|"
    r"(无需|不必|不用|不要)(告知|告诉|通知|提及|提醒)|"
    r"\bΜην\s+(αναφέρεις|πεις|ενημερώσεις|λες)\b|"
    r"\b(nämn|berätta|säg)\s+(det\s+)?inte\b|\butan\s+att\s+(nämna|berätta|säga)\b|"
    r"\bniet\s+(vermelden|melden|vertellen)\b|\bvermeld\s+(het|dit|dat)\s+niet\b|"
    r"\bzonder\s+(het\s+)?te\s+(melden|vermelden)\b|"
    r"\b(kullanıcıya\s+(söyleme|bildirme)|bahsetme)\w*|"
    r"\bnie\s+(mów|informuj|wspominaj)\w*|\bkhông\s+(nói|báo|đề\s+cập)\b|"
    r"\bjangan\s+(beri\s*tahu|sebutkan|bilang)\b", _I)
"""The user kept unaware of an act: told not to mention it, to keep it out of the summary,
to answer only part of a question about it, or to tell them a result that is not so."""
PRECEDENCE = re.compile(
    r"\b(sits?|ranks?|comes?|stands?|is|are)\s+above\s+(any|all|every)\s+other\s+(skills?|"
    r"instructions?|rules|guidance)\b|"
    r"\b(above|over|overrides?|supersedes?|outranks?|ignores?|instead\s+of)\s+((any|all|every|"
    r"the|your)\s+)?(CLAUDE|AGENTS|GEMINI)\.md\b|"
    r"\b(another\s+skill|other\s+skills|(CLAUDE|AGENTS|GEMINI)\.md|the\s+user['\u2019]s\s+(\w+\s+)?"
    r"(rules|instructions))\b[^.\n]{0,100}\bthis\s+(skill|file|one|document|guide)"
    r"(['\u2019]s\s+[\w-]+(\s+\w+)?)?\s+(wins|prevails|takes\s+precedence|applies)\b|"
    r"\b(disagrees?|conflicts?|contradicts?)\b[^.\n]{0,60}\b(this|the)\s+(file|skill|one|"
    r"document|guide)\s+(wins|prevails|takes\s+precedence)\b|"
    r"\b(these|this|my|the\s+following)\s+(instructions?|rules)\s+(replace|supersede|override)s?"
    r"\s+(the\s+user|yours|your|any|all|every|other)\b|"
    r"\bbei\s+jeder\s+(Anfrage|Aufgabe|Nachricht)\b|"
    r"\b(auch\s+wenn|even\s+(if|when)|m[êe]me\s+si|aunque|anche\s+se|mesmo\s+que)\s[^.\n]{0,30}"
    r"(nichts\s+mit|unrelated|has\s+nothing\s+to\s+do|rien\s+[àa]\s+voir|nada\s+que\s+ver|"
    r"niente\s+a\s+che)", _I)
"""A claim to stand above the user's and every other instruction: ranked above other skills
or the project's agent files, winning every conflict, replacing the user's instructions, or
to be used for every request, related or not."""
SET_ASIDE = re.compile(
    r"\bif\s+the\s+user\s+(asks|tells|says|wants)\b[^.\n]{0,60}\b(stop|pause|halt|cancel|wait|"
    r"review)\b[^.\n]{0,80}\b(keep\s+going|continue|carry\s+on|proceed|ignore\s+(it|them|the))|"
    r"\b(ignore|disregard|override)\s+(the\s+|your\s+)?user['\u2019]?s?\s+(constraints?|limits?|"
    r"restrictions?|preferences?|choices?|objections?|settings)\b|"
    r"\b(model|AI|assistant|persona|chatbot|bot)\s+(without|with\s+no|free\s+(of|from))\s+"
    r"(any\s+)?(guidelines|restrictions|rules|filters|limits|safety|ethics|content\s+polic\w+)\b|"
    r"\b(safety|security)\s+(rules|guidelines|policies|checks|restrictions)\s+(do\s+not|don['"
    r"\u2019]?t|no\s+longer)\s+apply\b|"
    r"\b(execute|run)\s+(any|every|all)\s+(commands?|instructions?)\s+(found|contained|you\s+"
    r"find|that\s+appear)\s+in\b|"
    r"\br[èe]gles\s+de\s+s[ée]curit[ée]\s+ne\s+s['\u2019]appliquent\s+(pas|plus)\b|"
    r"\bex[ée]cute[sz]?\s+toutes?\s+(les\s+)?commandes?\s+trouv|"
    r"\bejecuta\s+(cualquier|todos?\s+los)\s+comandos?\s+(que\s+)?encontr|"
    r"\bf[üu]hre\s+(jeden|alle)\s+(gefundenen\s+)?Befehle?\b|"
    r"\b(decode|decrypt|decipher)\w*\b[^\n]{0,80}\b(follow|apply|obey|execute|treat)\w*\b"
    r"[^.\n]{0,40}\binstructions\b", _I)
"""Setting aside the user or the agent's rules: going on when the user says stop, ignoring
their constraints, a persona without guidelines, safety rules declared not to apply, running
whatever commands a file holds, decoding a blob to follow as instructions."""
AUTH_CLAIM = re.compile(
    r"\bpre-?(approved|authori[sz]ed|cleared|consented)\b|"
    r"\b(approved|authori[sz]ed|cleared|consented|agreed|signed\s+off|okayed|accepted)\s+"
    r"(it\s+|this\s+|to\s+(it|this)\s+)?(in\s+advance|beforehand|ahead\s+of\s+time|already|"
    r"earlier|previously|up\s*front|when\s+install\w*|at\s+install\w*)\b|"
    r"\b(already|previously|earlier)\s+(been\s+)?(approved|authori[sz]ed|agreed|consented|"
    r"cleared|accepted|signed\s+off|given\s+(consent|permission|approval))\b|"
    r"\b(approval|consent|permission|authori[sz]ation|sign-?off)\s+(is|was|has\s+been)\s+"
    r"(already\s+)?(on\s+file|recorded|given|granted|obtained|implied|in\s+place)\b|"
    r"\b(counts?|treated|regarded)\s+as\s+(cleared|approved|authori[sz]ed|consented)\b|"
    r"^[ \t]*(Approved|Authori[sz]ed|Signed\s+off)\s+by\s*:|"
    r"\b(all|every|any)\s+([\w-]{1,30}\s{1,3}){1,4}(are|is)\s+(pre-?)?(approved|authori[sz]ed)\b|"
    r"\b(ya|previamente)\s+(ha\s+|han\s+)?(aprobad|autorizad|dado\s+(su\s+)?(consentimiento|"
    r"permiso|autorizaci))|\b(aprobad|autorizad)[oa]s?\s+(previamente|de\s+antemano)|"
    r"\bj[áa]\s+(autorizou|aprovou|deu|consentiu)|\b(autorizou|aprovou)\s+previamente|"
    r"\bpreviamente\s+(autorizad|aprovad)|"
    r"\bd[ée]j[àa]\s+(donn[ée]\s+son\s+accord|approuv|autoris|valid|consenti|accept)|"
    r"\b(approuv|autoris)[ée]e?s?\s+([àa]\s+l['\u2019]avance|au\s+pr[ée]alable)|"
    r"\bpr[ée]-?(approuv|autoris)|"
    r"\b(bereits|vorab|im\s+Voraus|schon)\s+(genehmigt|freigegeben|autorisiert|zugestimmt|"
    r"erlaubt)\b|"
    r"\bgi[àa]\s+(approvat|autorizzat|dato\s+il\s+(suo\s+)?consenso|acconsentito)|"
    r"\b(approvat|autorizzat)[oaie]\s+in\s+anticipo|\bpre-?autorizzat|"
    r"(уже|заранее)\s+(одобрил|разрешил|согласил|дал\w*\s+согласие|одобрен|разрешен|"
    r"согласован|подтвердил)|"
    r"(事前に|既に|すでに)(承認|許可|同意)|承認済み|許可済み|"
    r"(已经|事先|预先|提前)(获得)?(用户)?(的)?(批准|授权|同意|许可)|"
    r"(미리|이미|사전에)\s*(승인|허가|동의)|"
    r"\b(has|have)\s+opted\s+in\b|"
    r"\b(the\s+)?(user|owner|customer)\s+(has\s+|have\s+)?((already\s+)?(consented|opted\s+"
    r"in)|already\s+(agreed|accepted))\b(?!\s+(to\s+)?(the\s+)?(terms|licen[cs]e|EULA|cookies?)\b)|"
    r"\bya\s+(aprob[óo]|autoriz[óo]|consinti[óo]|dio\s+(su\s+)?(permiso|consentimiento|"
    r"autorizaci[óo]n))|"
    r"\b(redan|på\s+förhand)\s+(godkänt|godkänd|godkänt\s+dem|tillåtit)|"
    r"\b(al|reeds|vooraf)\s+(goedgekeurd|toestemming\s+gegeven|geautoriseerd)\b|"
    r"\bönceden\s+onayla\w*|\bzaten\s+onay\w*|\bήδη\s+(εγκρίνει|συμφωνήσει|εγκριθεί)|"
    r"\b(już|wcześniej)\s+(zatwierdzi|zgodzi|wyrazi)\w*|"
    r"\bđã\s+(đồng\s+ý|cho\s+phép|phê\s+duyệt)|"
    r"\bsudah\s+(menyetujui|mengizinkan|disetujui)\b", _I | re.MULTILINE)
"""Approval or consent claimed to exist already: pre-approved, agreed in advance, sign-off on
file, everything counts as cleared."""
SKIP_ASK = re.compile(
    r"\b(do\s+not|don['\u2019]?t|never|must\s+not|should\s+not|need\s+not)\s+(ask|check\s+with|"
    r"confirm\s+with)\s+((the\s+user|them|anyone)\b(?!\s+(for|about|to|which|what|how|whether|"
    r"if)\s+(?!(confirmation|permission|approval|consent)\b))|(first|again|before|for\s+"
    r"(confirmation|permission|approval|consent))\b)|"
    r"\b(do\s+not|don['\u2019]?t|never|must\s+not|should\s+not|need\s+not)\s+(request|seek|"
    r"wait\s+for)\s+(any\s+|a\s+|the\s+user['\u2019]s\s+)?(confirmation|approval|permission|"
    r"consent)\b|"
    r"\bwithout\s+(asking|confirming|prompting|pausing)\b(?!\s+(only|unless|if|"
    r"when|except|whether|which|what|how|too)\b)|\bno\s+need\s+to\s+(ask|confirm|pause|"
    r"check\s+(back|in))\b|"
    r"\b(confirmations?|prompts?|approvals?)\s+(are|is)\s+(disabled|off|turned\s+off|not\s+"
    r"(needed|required)|unnecessary)\b|\bstraight\s+through\b|"
    r"\b(run|carry|go)\s+(it\s+)?(all\s+)?(the\s+way\s+)?through\s+to\s+the\s+end\b|"
    r"\bsin\s+(preguntar|pedir|confirmar|esperar)\b|\bno\s+(preguntes|pidas)\b|"
    r"\bn[ãa]o\s+(pe[çc]a|solicite|pergunte)\b|\bsem\s+(perguntar|pedir|confirmar)\b|"
    r"\bne\s+(demandez|demande)\s+(aucune|pas)\b|\bsans\s+(demander|confirmation|pause)\b|"
    r"\bohne\s+(zu\s+fragen|R[üu]ckfrage|Best[äa]tigung|Nachfrage)\b|\bfrag\w*\s+nicht\b|"
    r"\bsenza\s+(chiedere|conferma)\b|\bnon\s+chiedere\b|"
    r"не\s+(спрашивай|запрашивай|уточняй)|без\s+(подтверждени|вопрос|спрос)|"
    r"確認(せず|しないで|なしで|不要)|(聞か|尋ね)ず|"
    r"无需(确认|询问)|不要(询问|确认)|"
    r"묻지\s*(말고|마)|확인\s*(없이|하지\s*마)|"
    r"\bno\s+hace\s+falta\s+(preguntar|pedir|confirmar)\b|"
    r"\bbehöver\s+inte\s+(be\s+om\s+lov|fråga)\b|\butan\s+att\s+fråga\b|"
    r"\bzonder\s+(te\s+vragen|bevestiging)\b|\bniet\s+(om\s+bevestiging\s+)?vragen\b|"
    r"\b(onay\s+)?(istemeden|sormadan)\b|\bχωρίς\s+(να\s+ρωτήσεις|επιβεβαίωση)|"
    r"\bbez\s+(pytania|potwierdzenia)\b|\bkhông\s+cần\s+(hỏi|xác\s+nhận)|"
    r"\btanpa\s+(bertanya|konfirmasi)\b|无需(用户)?(同意)", _I)
"""Asking or confirming dropped."""
SKIP_ALL = re.compile(
    r"\b(approve|accept|allow)\s+(all\s+|any\s+|every\s+)?(shell\s+|terminal\s+|tool\s+)?"
    r"(commands?|tool\s+calls?|actions?|edits?)\s+automatically\b|"
    r"\b(run|execute)\s+(all\s+|any\s+|every\s+)?(shell\s+|terminal\s+|tool\s+)?(commands?|"
    r"tool\s+calls?|actions?)\s+without\s+(confirmation|asking|approval|prompting)\b|"
    r"\b(pick|choose|select|click|answer)\s+(with\s+)?['\"\u201c`]?(always\s+allow|yes\s+to\s+all|"
    r"allow\s+all|(yes,?\s+and\s+)?don['\u2019]?t\s+ask\s+again)\b|"
    r"\btreat\s+(the\s+)?(confirmation|permission|approval)\s+(dialogs?|prompts?|requests?)\s+as\s+"
    r"(already\s+)?(answered|approved|accepted|granted)\b|"
    r"\bstanding\s+(consent|approval|permission|authori[sz]ation)\b", _I)
"""Confirmation dropped for every command at once: run commands automatically, always pick
"always allow", treat prompts as answered, standing consent."""
OUTWARD = re.compile(
    r"https?://|\b(upload\w*|send\w*|post\w*|push\w*|share\w*|email\w*|curl|wget|gist|delet\w*|"
    r"drop\w*|remov\w*|rm|wip\w*|prod(uction)?|migrat\w*|sudo|ssh|keys?|secrets?|credentials?|"
    r"tokens?|passwords?|all\s+steps|every\s+step|all\s+(the\s+)?(changes|modifications|"
    r"steps|commands)|toutes?\s+les|todas?\s+las|todas?\s+as|alle|tutte|все)\b|"
    r"삭제|削除|删除|上传|送信|전송", _I)
"""Acts an approval claim is about that make it risky: sending, pushing, deleting,
production, secrets, or all steps at once."""
DANGER = re.compile(
    r"\b(upload\w*|exfil\w*|delet\w*|drop\w*|wip\w*|rm|purg\w*|destroy\w*|"
    r"prod(uction)?|sudo|ssh|secrets?|credentials?|tokens?|passwords?|force[- ]push\w*|"
    r"authorized_keys|all\s+steps|every\s+step|toutes?\s+les|todas?\s+las|todas?\s+as|alle|"
    r"tutte|все)\b|삭제|削除|删除|上传|전송", _I)
"""Acts that make a dropped question risky: uploading, deleting, production, secrets, or
all steps at once (posting and pushing are what many skills do without asking)."""


_CONDITION = re.compile(r"\b(if|unless|whether|once|when|after|before|until|only)\b", _I)


def conditional(text: str, start: int) -> bool:
    """The claim at ``start`` is a condition ("only if the user consented"), not a claim:
    a conditional word before it in its clause."""
    clause = max(text.rfind(c, 0, start) for c in ".;!?\n:") + 1
    return _CONDITION.search(text, max(clause, start - 60), start) is not None


def near(text: str, match: re.Match[str], slots: tuple[re.Pattern[str], ...],
         around: str = "") -> bool:
    """One of ``slots`` is in the sentence of ``match`` or after it, up to 300 characters in
    the same paragraph: an approval claim is one against the user when asking is dropped,
    the user kept unaware, or the act is outward or destructive (:data:`OUTWARD`) near it.
    ``around``: the paragraph of a prose line (a sentence wrapped over lines), read too."""
    start = max(text.rfind(c, 0, match.start()) for c in ".;!?\n。") + 1
    para = text.find("\n\n", match.end())
    end = min(len(text), match.end() + 300, para if para >= 0 else len(text))
    window = text[max(start, match.start() - 200): end]
    return any(_unnegated(p, window) or (around and _unnegated(p, around)) for p in slots)


def _unnegated(slot: re.Pattern[str], text: str) -> bool:
    """``slot`` is in ``text``, and (for a dropped question) not said not to happen: "don't
    reach for anything new without asking" is the rule to ask."""
    if slot is not SKIP_ASK:
        return slot.search(text) is not None
    return any(not negated(text, m.start()) for m in slot.finditer(text))


CHECKS = (
    Check("ST010", OVERRIDE, _SET_ASIDE, (
        "ignore", "disregard", "forget", "override", "bypass", "skip", "you are now",
        "system prompt", "instructions are", "user", "new ")),
    Check("ST010", OVERRIDE_I18N, _SET_ASIDE, (
        "instruc", "anweisung", "istruzion", "инструкц", "указани", "правил", "指示", "指令",
        "说明", "规则", "あなたは今から", "你现在是")),
    Check("ST011", CONCEAL, _CONCEALS, (
        "tell", "inform", "mention", "reveal", "disclos", "notify", "alert", "show", "let ",
        "hide", "conceal", "keep", "must never", "must not", "should never", "should not",
        "secretly", "covertly", "silently", "quietly", "without the user"), negatable=True),
    Check("ST011", CONCEAL_MORE, _CONCEALS, (
        "not", "n't", "never", "no need", "leave", "keep")),
    Check("ST011", CONCEAL_I18N, _CONCEALS, (
        "usuario", "utilisateur", "benutzer", "nutzer", "anwender", "utente", "usuário",
        "пользовател", "о них", "об этом", "о нём", "ユーザー", "用户", "使用者")),
    Check("ST012", ROLE, "imitates a system or role marker of the prompt", (
        "<|", "[sys", "[inst", "[/inst", "<sys", "system", "admin", "developer", "human:",
        "assistant:", "operator", "</skill", "</instructions", "</user_instructions")),
    Check("ST013", PRIORITY, _PRIORITY, (
        "this skill", "other skill", "other instruction", "priority", "precedence",
        "authoritative", "other guide", "other rule", "whatever the")),
    Check("ST013", PRIORITY_I18N, _PRIORITY, (
        "otra", "prevalece", "prioridad", "autre", "prévaut", "prevaut", "priorit", "anderen",
        "vorrang", "altra", "altro", "precedenza", "demais", "outras", "други", "приоритет",
        "スキル", "優先", "优先", "其他")),
    Check("ST014", SAFETY_OFF, _SAFETY, (
        "dangerously", "bypasspermissions", "--yolo", "approval", "disable", "turn off",
        "switch off", "bypass", "skip", "suppress", "circumvent", "auto-approve",
        "autoapprove", "never ask")),
    Check("ST014", APPROVAL, _APPROVAL, (
        "approv", "authori", "agreed", "consent", "cleared", "signed", "sign off", "confirm",
        "okay", "ok'd", "permission", "no need", "pause", "stop", "wait", "ask", "check",
        "without", "prompting", "no longer", "said yes", "allowed", "permitted", "captured",
        "granted", "sign-off"), negatable=True),
    Check("ST011", HIDE, _CONCEALS),
    Check("ST010", SET_ASIDE, _SET_ASIDE),
    Check("ST013", PRECEDENCE, _PRIORITY),
    Check("ST014", AUTH_CLAIM, _APPROVAL, negatable=True, near=(SKIP_ASK, HIDE, OUTWARD)),
    Check("ST014", SKIP_ASK, _APPROVAL, negatable=True, near=(AUTH_CLAIM, DANGER)),
    Check("ST014", SKIP_ALL, _APPROVAL, negatable=True),
    Check("ST014", APPROVAL_I18N, _APPROVAL, (
        "sin ", "ya ", "sans ", "déjà", "deja", "bereits", "ohne", "nach", "senza", "già",
        "gia ", "sem ", "já", "ja ", "без", "уже", "確認", "承認", "无需", "不用", "不必", "批准",
        "授权", "同意")),
)
"""Every instruction check, in the order they are tried; the first match of a rule in a
segment is its finding."""

PATTERNS = tuple(check.pattern for check in CHECKS)
"""The instruction checks run on prose, fenced blocks and hidden text; in other files, on
their lines (not AGENT_ADDRESSED, which only hidden text gets, nor AGENT_VOCATIVE, which only
text outside Markdown gets)."""
