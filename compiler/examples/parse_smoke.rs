//! Parses files given on the command line and reports syntax errors (development aid).
fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let mut db = synta_codegen::SourceDb::new();
        let id = db.add(path.clone(), text.clone());
        match synta_codegen::parse::parse_file(&text, id) {
            Ok(f) => println!(
                "{path}: {} modules, {} assignments",
                f.modules.len(),
                f.modules.iter().map(|m| m.assignments.len()).sum::<usize>()
            ),
            Err(d) => print!("{}", d.render(&db)),
        }
    }
}
