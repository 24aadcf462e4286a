"""Bundled faces beside PT Sans (from the package fontpkg-pt-sans): Fira Sans Bold 4.203 (Mozilla
Foundation and Telefonica S.A., SIL Open Font License 1.1: FiraSans-OFL.txt), the fallback for the letters of
a kit that PT Sans lacks (Greek). Copied unchanged from the wheel fontpkg-fira-sans 4.203 on PyPI, of which only
this one weight is needed: the whole wheel (18 weights, 3.9 MB) would be most of the page's first visit
(printkit site)."""
