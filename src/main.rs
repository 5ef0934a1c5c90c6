fn main() -> std::process::ExitCode {
    xiangqi::cli::main()
}
