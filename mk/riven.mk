# Riven / Mohawk: scummvm-tools (extract_mohawk, construct_mohawk) is the
# independent client the interop tests run against.
DEB_PKGS += scummvm-tools
