"""One pull-request comment holding the diff, created once and updated on every later run.

Run by the GitHub Action's diff step (``python -m skill_catalog.diff.github_comment FILE``)
with the runner's environment: ``GITHUB_API_URL``, ``GITHUB_REPOSITORY``, ``GITHUB_EVENT_PATH``
(the pull request's number) and ``GH_TOKEN``. The comment is found among the pull request's
comments by the hidden marker it starts with (:data:`~skill_catalog.diff.render.MARKER`),
written by the token's own bot (``github-actions[bot]``, or ``SKILL_CATALOG_COMMENT_AUTHOR``):
a comment someone else starts with the marker is never taken for it. A token that may not write
(a fork's pull request gets a read-only one) gets a 403: the step then says so and leaves the
diff in the job summary alone. A failure to comment never fails the job.
"""

from __future__ import annotations

import json
import os
import sys
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from skill_catalog.diff.render import MARKER

DEFAULT_AUTHOR = "github-actions[bot]"
PAGE = 100
MAX_PAGES = 50
TIMEOUT = 30


class ApiError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _request(method: str, url: str, token: str, payload: Mapping[str, Any] | None = None
             ) -> Any:
    data = json.dumps(payload).encode("utf-8") if payload is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers={
        "Accept": "application/vnd.github+json", "Authorization": f"Bearer {token}",
        "X-GitHub-Api-Version": "2022-11-28", "Content-Type": "application/json",
        "User-Agent": "skill-catalog-diff"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            body = response.read()
    except urllib.error.HTTPError as exc:
        raise ApiError(exc.code, f"{method} {url}: HTTP {exc.code}") from None
    except OSError as exc:
        raise ApiError(0, f"{method} {url}: {exc}") from None
    return json.loads(body) if body else None


def find_comment(api: str, repo: str, number: int, token: str, author: str) -> int | None:
    """The id of the diff comment on the pull request, if there is one."""
    for page in range(1, MAX_PAGES + 1):
        comments = _request("GET", f"{api}/repos/{repo}/issues/{number}/comments"
                            f"?per_page={PAGE}&page={page}", token)
        if not isinstance(comments, list):
            return None
        for comment in comments:
            user = comment.get("user") or {}
            body = comment.get("body") or ""
            if body.startswith(MARKER) and user.get("login") == author:
                return int(comment["id"])
        if len(comments) < PAGE:
            return None
    return None


def post_or_update(api: str, repo: str, number: int, token: str, body: str,
                   author: str = DEFAULT_AUTHOR) -> str:
    """Update the diff comment, or create it; what was done, in words."""
    found = find_comment(api, repo, number, token, author)
    if found is not None:
        _request("PATCH", f"{api}/repos/{repo}/issues/comments/{found}", token, {"body": body})
        return f"updated comment {found}"
    created = _request("POST", f"{api}/repos/{repo}/issues/{number}/comments", token,
                       {"body": body})
    return f"created comment {created.get('id') if isinstance(created, dict) else '?'}"


def pull_request_number(event_path: str | None) -> int | None:
    if not event_path:
        return None
    try:
        event = json.loads(Path(event_path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    number = (event.get("pull_request") or {}).get("number") if isinstance(event, dict) else None
    return number if isinstance(number, int) else None


def main(argv: Sequence[str] | None = None, env: Mapping[str, str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    env = os.environ if env is None else env
    body = Path(args[0]).read_text(encoding="utf-8")
    number = pull_request_number(env.get("GITHUB_EVENT_PATH"))
    token = env.get("GH_TOKEN", "")
    if number is None or not token:
        print("skill-catalog: no pull request or no token: the diff is in the job summary only")
        return 0
    api = env.get("GITHUB_API_URL", "https://api.github.com").rstrip("/")
    try:
        done = post_or_update(api, env.get("GITHUB_REPOSITORY", ""), number, token, body,
                              env.get("SKILL_CATALOG_COMMENT_AUTHOR") or DEFAULT_AUTHOR)
    except ApiError as exc:
        if exc.status in (401, 403, 404):
            print(f"::notice title=skill-catalog::this token may not comment on the pull "
                  f"request (a fork's is read-only): the diff is in the job summary only "
                  f"({exc})")
        else:
            print(f"::warning title=skill-catalog::could not comment on the pull request: "
                  f"{exc}")
        return 0
    print(f"skill-catalog: {done} on pull request #{number}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
