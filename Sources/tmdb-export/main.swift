import ExportCLI
import Foundation

exit(await TMDBExportCommand.main(Array(CommandLine.arguments.dropFirst())))
