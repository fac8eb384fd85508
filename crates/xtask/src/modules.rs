//! The static import graph of the page's modules, so a browser can ask for a whole graph at
//! once: it finds a module's imports only once it has that module, so a graph six imports deep
//! costs six round trips on a phone, and `<link rel="modulepreload">` for every module in it
//! costs one. The dist's pages get the links of their own module scripts' graphs; the modules a
//! page imports later (a game's screen, the home screen, a worker) are listed in
//! `pkg/modules.js` for `js/kit/preload.js`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The relative specifiers a module imports statically (`import ... from './x.js'`, `import
/// './x.js'`, `export ... from './x.js'`), in order. Statements start at a line's beginning,
/// as every module of the page writes them; `import(...)` is not static.
pub fn static_imports(source: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut statement: Option<String> = None;
    for line in source.lines() {
        let starts = (line.starts_with("import ") || line.starts_with("import{"))
            || (line.starts_with("export ") && line.contains(" from"))
            || (line.starts_with("export {") && !line.contains(';'));
        if statement.is_none() && starts {
            statement = Some(String::new());
        }
        if let Some(text) = statement.as_mut() {
            text.push_str(line);
            text.push('\n');
            if line.trim_end().ends_with(';') {
                if let Some(spec) = specifier(text) {
                    found.push(spec);
                }
                statement = None;
            }
        }
    }
    found
}

/// The quoted module specifier of one import or export statement, when it is relative.
fn specifier(statement: &str) -> Option<String> {
    let at = statement.rfind(['\'', '"'])?;
    let quote = statement[at..].chars().next()?;
    let start = statement[..at].rfind(quote)? + 1;
    let spec = &statement[start..at];
    (spec.starts_with("./") || spec.starts_with("../")).then(|| spec.to_string())
}

/// The relative specifiers of the modules a module may import later: `import('./x.js')`, or
/// `new URL('./x.js', import.meta.url)` handed to an import (`js/kit/preload.js`) or a worker.
pub fn dynamic_imports(source: &str) -> Vec<String> {
    let after = |call: &'static str| {
        source.match_indices(call).filter_map(move |(at, _)| {
            let rest = &source[at + call.len()..];
            let quote = rest.chars().next().filter(|c| *c == '\'' || *c == '"')?;
            let end = rest[1..].find(quote)?;
            let spec = &rest[1..=end];
            let relative = spec.starts_with("./") || spec.starts_with("../");
            (relative && spec.ends_with(".js")).then(|| spec.to_string())
        })
    };
    after("import(").chain(after("new URL(")).collect()
}

/// `spec` resolved against the module at `from` (both relative to the site's root, `/`
/// separated); None when it climbs out of the site.
fn resolve(from: &str, spec: &str) -> Option<String> {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for part in spec.split('/') {
        match part {
            "." => {}
            ".." => {
                parts.pop()?;
            }
            name => parts.push(name),
        }
    }
    Some(parts.join("/"))
}

/// Every module `entry` (a path under `www`) imports statically, directly or not, in the order
/// first met, without `entry` itself. A module that is not a file under `www` (one the build
/// has not written yet) is listed and not followed.
pub fn graph(www: &Path, entry: &str) -> Vec<String> {
    let mut seen = BTreeSet::from([entry.to_string()]);
    let mut order = Vec::new();
    let mut queue = vec![entry.to_string()];
    while let Some(module) = queue.pop() {
        let Ok(source) = std::fs::read_to_string(www.join(&module)) else {
            continue;
        };
        for spec in static_imports(&source) {
            if let Some(path) = resolve(&module, &spec) {
                if seen.insert(path.clone()) {
                    order.push(path.clone());
                    queue.insert(0, path);
                }
            }
        }
    }
    order
}

/// `pkg/modules.js`: for each module some module may import later ([`dynamic_imports`]), its
/// static graph, itself first.
pub fn lazy_graphs(www: &Path, modules: &[String]) -> BTreeMap<String, Vec<String>> {
    let mut graphs = BTreeMap::new();
    for module in modules {
        let Ok(source) = std::fs::read_to_string(www.join(module)) else {
            continue;
        };
        for spec in dynamic_imports(&source) {
            if let Some(path) = resolve(module, &spec) {
                if www.join(&path).is_file() && !graphs.contains_key(&path) {
                    let mut all = vec![path.clone()];
                    all.extend(graph(www, &path));
                    graphs.insert(path, all);
                }
            }
        }
    }
    graphs
}

/// The module scripts an HTML page starts (`<script type="module" src="...">`).
pub fn page_scripts(html: &str) -> Vec<String> {
    html.lines()
        .filter(|line| line.contains("<script type=\"module\""))
        .filter_map(|line| {
            let start = line.find("src=\"")? + 5;
            let end = line[start..].find('"')? + start;
            Some(line[start..end].to_string())
        })
        .collect()
}

/// `html` with a `<link rel="modulepreload">` for every module of its scripts' graphs, put
/// before `</head>`.
pub fn with_preloads(www: &Path, html: &str) -> String {
    let scripts = page_scripts(html);
    let mut listed: BTreeSet<String> = scripts.iter().cloned().collect();
    let mut links = String::new();
    for script in &scripts {
        for module in graph(www, script) {
            if listed.insert(module.clone()) {
                links.push_str(&format!(
                    "  <link rel=\"modulepreload\" href=\"{module}\">\n"
                ));
            }
        }
    }
    match html.find("</head>") {
        Some(at) => format!("{}{links}{}", &html[..at], &html[at..]),
        None => html.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn static_imports_of_every_shape_and_no_dynamic_one() {
        let source = "// import './no.js';\n\
            import { a } from './a.js';\n\
            import {\n  b,\n  c,\n} from \"../b.js\";\n\
            import './side.js';\n\
            export { d } from './d.js';\n\
            import { x } from 'bare';\n\
            const lazy = () => import('./lazy.js');\n\
            const later = new URL('./later.js', import.meta.url);\n\
            const picture = new URL('./a.png', import.meta.url);\n\
            export function f() {}\n";
        assert_eq!(
            static_imports(source),
            ["./a.js", "../b.js", "./side.js", "./d.js"]
        );
        assert_eq!(dynamic_imports(source), ["./lazy.js", "./later.js"]);
    }

    #[test]
    fn specifiers_resolve_against_their_module() {
        assert_eq!(
            resolve("js/app/main.js", "../kit/engines.js").as_deref(),
            Some("js/kit/engines.js")
        );
        assert_eq!(
            resolve("js/app/games.js", "../../pkg/pictures.js").as_deref(),
            Some("pkg/pictures.js")
        );
        assert_eq!(resolve("main.js", "../../x.js"), None);
    }

    #[test]
    fn a_page_preloads_its_scripts_whole_graph_once() {
        let root = std::env::temp_dir().join(format!("xtask-modules-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("js/app")).unwrap();
        let put = |path: &str, text: &str| std::fs::write(root.join(path), text).unwrap();
        put(
            "js/app/main.js",
            "import { a } from './a.js';\nimport { b } from './b.js';\n",
        );
        put(
            "js/app/a.js",
            "import { b } from './b.js';\nexport const a = 1;\n",
        );
        put(
            "js/app/b.js",
            "export const b = () => import('./late.js');\n",
        );
        put("js/app/late.js", "import { a } from './a.js';\n");
        let html = "<head>\n  <title>t</title>\n</head>\n<body>\n  <script type=\"module\" src=\"js/app/main.js\"></script>\n";
        let page = with_preloads(&root, html);
        assert_eq!(
            page,
            "<head>\n  <title>t</title>\n  <link rel=\"modulepreload\" href=\"js/app/a.js\">\n  <link rel=\"modulepreload\" href=\"js/app/b.js\">\n</head>\n<body>\n  <script type=\"module\" src=\"js/app/main.js\"></script>\n"
        );
        let modules = ["js/app/main.js", "js/app/a.js", "js/app/b.js"].map(String::from);
        let lazy = lazy_graphs(&root, &modules);
        assert_eq!(
            lazy.get("js/app/late.js").map(Vec::as_slice),
            Some(
                &[
                    "js/app/late.js".to_string(),
                    "js/app/a.js".into(),
                    "js/app/b.js".into()
                ][..]
            )
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
