"""Validates a SARIF log against the SARIF 2.1.0 schema beside this script,
and prints what the tests look at: one line per rule and per result."""
import json
import os
import sys

try:
    import jsonschema
except ImportError:
    sys.exit("validate.py: needs Python's jsonschema (Debian: "
             "python3-jsonschema, which scripts/bootstrap.sh installs)")

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "sarif-schema-2.1.0.json")) as f:
    schema = json.load(f)
with open(sys.argv[1]) as f:
    log = json.load(f)
jsonschema.Draft4Validator.check_schema(schema)
errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(log),
                key=lambda e: list(e.path))
for error in errors:
    print("invalid at", "/".join(map(str, error.path)) + ":", error.message)
if errors:
    sys.exit(1)

for run in log["runs"]:
    driver = run["tool"]["driver"]
    print("driver", driver["name"], driver["version"])
    for rule in driver["rules"]:
        level = rule.get("defaultConfiguration", {}).get("level", "-")
        enabled = rule.get("defaultConfiguration", {}).get("enabled", True)
        print("rule", rule["id"], level, "" if enabled else "disabled",
              "help" if "help" in rule else "")
    for result in run["results"]:
        rule = driver["rules"][result["ruleIndex"]]["id"]
        assert rule == result["ruleId"], "ruleIndex names another rule"
        where = result["locations"][0]["physicalLocation"]
        region = where.get("region", {})
        print("result", result["ruleId"], result["level"],
              os.path.basename(where["artifactLocation"]["uri"]) +
              ":%s:%s" % (region.get("startLine"), region.get("startColumn")),
              result["message"]["text"])
        for related in result.get("relatedLocations", []):
            place = related["physicalLocation"]
            print("  related",
                  os.path.basename(place["artifactLocation"]["uri"]) +
                  ":%s:%s" % (place["region"]["startLine"],
                              place["region"]["startColumn"]),
                  related["message"]["text"])
        for fix in result.get("fixes", []):
            for change in fix["artifactChanges"]:
                for edit in change["replacements"]:
                    region = edit["deletedRegion"]
                    print("  fix",
                          "%s:%s-%s:%s" % (region["startLine"],
                                           region["startColumn"],
                                           region["endLine"],
                                           region["endColumn"]),
                          json.dumps(edit["insertedContent"]["text"]))
