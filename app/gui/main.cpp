#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QIcon>
#include <QPixmap>
#include <QTimer>

#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "app/core/i18n/language.hpp"
#include "app/core/i18n/language_choice.hpp"
#include "app/core/profile/duration.hpp"
#include "app/core/version.hpp"
#include "app/gui/model/ui_language.hpp"
#include "app/gui/widgets/main_window.hpp"
#include "app/gui/widgets/run_controller.hpp"
#include "app/metrics/exporter.hpp"

namespace {

constexpr int kExitUsage = 2;

std::optional<std::chrono::nanoseconds> duration_option(const QCommandLineParser& parser,
                                                        const QString& name, bool& bad) {
    if (!parser.isSet(name)) {
        return std::nullopt;
    }
    const auto text = parser.value(name).toStdString();
    auto d = wattbench::core::profile::parse_duration(text);
    if (!d) {
        std::fprintf(stderr,
                     "wattbench-gui: --%s '%s': invalid duration (use forms like 90s, 5m, 1h30m)\n",
                     name.toUtf8().constData(), text.c_str());
        bad = true;
    }
    return d;
}

// The value of --lang, read before QCommandLineParser exists: the parser's own help lines are
// then already in the language.
std::optional<std::string> lang_argument(int argc, char** argv) {
    std::optional<std::string> value;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--lang") == 0) {
            if (i + 1 < argc) {
                value = argv[++i];
            }
        } else if (std::strncmp(argv[i], "--lang=", 7) == 0) {
            value = argv[i] + 7;
        }
    }
    return value;
}

}  // namespace

int main(int argc, char** argv) {
    QGuiApplication::setHighDpiScaleFactorRoundingPolicy(
        Qt::HighDpiScaleFactorRoundingPolicy::PassThrough);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("wattbench-gui"));
    QApplication::setOrganizationName(QStringLiteral("wattbench"));
    QApplication::setApplicationVersion(QString::fromLatin1(wattbench::core::kVersion));
    QApplication::setDesktopFileName(QStringLiteral("wattbench-gui"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/wattbench-gui.svg")));

    // The same choice as `wattbench report --lang`: the option, else LC_ALL, LC_MESSAGES, LANG,
    // else English; an unknown option exits 2 with the same list.
    const auto chosen = wattbench::core::i18n::choose_language(lang_argument(argc, argv));
    if (const auto* refusal = std::get_if<std::string>(&chosen)) {
        std::fprintf(stderr, "wattbench-gui: %s\n", refusal->c_str());
        return kExitUsage;
    }
    const auto language = std::get<wattbench::core::i18n::Language>(chosen);
    if (const QString err = wattbench::gui::model::install_language(app, language);
        !err.isEmpty()) {
        std::fprintf(stderr, "wattbench-gui: warning: %s; the window stays English\n",
                     err.toUtf8().constData());
    }

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "main", "Live view of a wattbench run: devices, charts, phase ladder, results."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("path"),
        QCoreApplication::translate("main", "A profile (.toml) or a run directory."),
        QStringLiteral("[PROFILE|RUN_DIR]"));
    const QCommandLineOption start(
        QStringLiteral("start"),
        QCoreApplication::translate("main", "Start the profile's run at once."));
    const QCommandLineOption warmup(
        QStringLiteral("warmup"),
        QCoreApplication::translate("main", "Warm-up of every phase (90s, 5m, ...)."),
        QStringLiteral("DUR"));
    const QCommandLineOption window(
        QStringLiteral("window"),
        QCoreApplication::translate("main", "Averaging window of every phase."),
        QStringLiteral("DUR"));
    const QCommandLineOption out(
        QStringLiteral("out"),
        QCoreApplication::translate("main", "Run directory (default runs/<name>-<time>)."),
        QStringLiteral("DIR"));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QCoreApplication::translate("main",
                                    "Render the main window to this PNG when quitting, then exit."),
        QStringLiteral("FILE.png"));
    const QCommandLineOption quit_after(
        QStringLiteral("quit-after"),
        QCoreApplication::translate(
            "main",
            "Quit after this long (a running run is aborted, its files kept); with "
            "--screenshot and --start but without it: when the run ends."),
        QStringLiteral("DUR"));
    const QCommandLineOption size(
        QStringLiteral("size"),
        QCoreApplication::translate("main", "Window size for screenshots, e.g. 1600x1000."),
        QStringLiteral("WxH"));
    const QCommandLineOption metrics_listen(
        QStringLiteral("metrics-listen"),
        QCoreApplication::translate(
            "main", "Serve the latest readings as OpenMetrics at http://ADDR:PORT/metrics."),
        QStringLiteral("ADDR:PORT"));
    const QCommandLineOption lang(
        QStringLiteral("lang"),
        QCoreApplication::translate(
            "main",
            "Language of the window and its report export: %1 (default: LC_ALL, "
            "LC_MESSAGES, LANG, else English).")
            .arg(QString::fromStdString(wattbench::core::i18n::available_languages())),
        QStringLiteral("LANG"));
    parser.addOptions(
        {start, warmup, window, out, screenshot, quit_after, size, metrics_listen, lang});
    parser.process(app);

    bool bad = false;
    wattbench::core::profile::Overrides overrides;
    overrides.warmup = duration_option(parser, QStringLiteral("warmup"), bad);
    overrides.window = duration_option(parser, QStringLiteral("window"), bad);
    const auto quit_in = duration_option(parser, QStringLiteral("quit-after"), bad);
    if (parser.positionalArguments().size() > 1) {
        std::fprintf(stderr, "wattbench-gui: give one profile or run directory\n");
        bad = true;
    }
    if (bad) {
        return kExitUsage;
    }

    // Bound before the window opens anything, as in `run`: a bad address exits 2 at once. It
    // outlives the window, whose runs observe it.
    std::unique_ptr<wattbench::metrics::Exporter> exporter;
    if (parser.isSet(metrics_listen)) {
        auto opened = wattbench::metrics::Exporter::open(parser.value(metrics_listen).toStdString(),
                                                         std::string(), true);
        if (const auto* err = std::get_if<std::string>(&opened)) {
            std::fprintf(stderr, "wattbench-gui: %s\n", err->c_str());
            return kExitUsage;
        }
        exporter = std::get<std::unique_ptr<wattbench::metrics::Exporter>>(std::move(opened));
        std::fprintf(stderr, "wattbench-gui: metrics at %s\n", exporter->url().c_str());
    }

    wattbench::gui::widgets::MainWindow w;
    if (exporter) {
        auto& readings = exporter->readings();
        w.run_controller()->add_watcher(
            {&readings, [&readings](const std::string& name) { readings.set_run_name(name); }});
    }
    w.set_overrides(overrides);
    if (parser.isSet(out)) {
        w.set_out_dir(parser.value(out));
    }
    if (parser.isSet(size)) {
        const auto parts = parser.value(size).split(QLatin1Char('x'));
        if (parts.size() == 2) {
            w.resize(parts[0].toInt(), parts[1].toInt());
        }
    }
    w.show();

    const bool unattended = parser.isSet(screenshot) || quit_in.has_value();
    if (!parser.positionalArguments().isEmpty()) {
        const QString path = parser.positionalArguments().front();
        if (!QFileInfo::exists(path)) {
            std::fprintf(stderr, "wattbench-gui: %s: no such file or directory\n",
                         path.toUtf8().constData());
            return kExitUsage;
        }
        if (!w.open_path(path)) {
            std::fprintf(stderr, "wattbench-gui: %s\n", w.last_error().toUtf8().constData());
            if (unattended) {
                return kExitUsage;
            }
        } else if (parser.isSet(start)) {
            QTimer::singleShot(0, &w, [&w] { w.start_run(); });
        }
    }

    int exit_code = 0;
    auto finish = [&] {
        if (parser.isSet(screenshot)) {
            w.refresh_views();
            const QPixmap shot = w.grab();
            if (!shot.save(parser.value(screenshot), "PNG")) {
                std::fprintf(stderr, "wattbench-gui: cannot write %s\n",
                             parser.value(screenshot).toUtf8().constData());
                exit_code = 1;
            }
        }
        if (w.run_active()) {
            QObject::connect(&w, &wattbench::gui::widgets::MainWindow::run_ended, &app,
                             &QApplication::quit, Qt::QueuedConnection);
            w.abort_run(false);
        } else {
            QTimer::singleShot(0, &app, &QApplication::quit);
        }
    };
    if (quit_in) {
        QTimer::singleShot(std::chrono::duration_cast<std::chrono::milliseconds>(*quit_in), &w,
                           finish);
    } else if (parser.isSet(screenshot)) {
        if (parser.isSet(start) && w.can_start()) {
            QObject::connect(&w, &wattbench::gui::widgets::MainWindow::run_ended, &w, finish);
        } else {
            // Let the window lay itself out and draw once.
            QTimer::singleShot(300, &w, finish);
        }
    }
    const int rc = app.exec();
    return exit_code != 0 ? exit_code : rc;
}
