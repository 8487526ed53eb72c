#!/usr/bin/env bash
# Summarise the state of a release train from git.
#
# Usage: train_status.sh RELEASE   (e.g. 2025.06)
#
# Prints whether release/RELEASE exists, how many commits main has gained
# since the previous release tag, and the cherry-picks on the branch.
set -euo pipefail

[[ $# -eq 1 ]] || { sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
release="$1"
branch="release/${release}"

git rev-parse --git-dir >/dev/null 2>&1 || { echo "error: not in a git repository" >&2; exit 2; }

prev_tag="$(git tag --list 'v20*' --sort=-version:refname | head -n 1 || true)"
echo "train:        ${release}"
echo "previous tag: ${prev_tag:-<none>}"

if [[ -n "${prev_tag}" ]]; then
  echo "commits on main since ${prev_tag}: $(git rev-list --count "${prev_tag}..main" 2>/dev/null || echo '?')"
fi

if git show-ref --verify --quiet "refs/heads/${branch}" || \
   git show-ref --verify --quiet "refs/remotes/origin/${branch}"; then
  ref="$(git show-ref --hash "${branch}" | head -n 1)"
  echo "branch:       ${branch} (cut)"
  echo "cherry-picks since cut:"
  git log --oneline "main..${ref}" | sed 's/^/  /' || true
else
  echo "branch:       ${branch} (not cut yet)"
fi
