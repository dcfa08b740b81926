#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>

#include <QImage>

#include "app/report_render/pdf_report.hpp"
#include "test_content.hpp"

namespace wattbench::report_render {
namespace {

int run(const std::string& cmd) {
    const int rc = std::system(cmd.c_str());
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

struct PageLook {
    int dark = 0;      // text pixels
    int colours = 0;   // distinct colours, coarsely binned
    int coloured = 0;  // pixels clearly not grey: chart lines, bands, verdict banner
};

PageLook look(const QImage& img) {
    PageLook l;
    std::set<int> bins;
    for (int y = 0; y < img.height(); ++y) {
        for (int x = 0; x < img.width(); ++x) {
            const QRgb p = img.pixel(x, y);
            if (qGray(p) < 100) {
                ++l.dark;
            }
            const int r = qRed(p), g = qGreen(p), b = qBlue(p);
            if (std::max({r, g, b}) - std::min({r, g, b}) > 60) {
                ++l.coloured;
            }
            bins.insert((r / 32) * 64 + (g / 32) * 8 + b / 32);
        }
    }
    l.colours = static_cast<int>(bins.size());
    return l;
}

// Renders the PDF's pages with pdftoppm; returns the PNG paths in page order.
std::vector<std::string> rasterise(const std::string& pdf, const std::string& dir) {
    const std::string cmd = std::string("'") + WATTBENCH_PDFTOPPM + "' -r 50 -png '" + pdf + "' '" +
                            dir + "/page' 2>&1";
    EXPECT_EQ(run(cmd), 0) << cmd;
    std::vector<std::string> pages;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        if (e.path().extension() == ".png") {
            pages.push_back(e.path().string());
        }
    }
    std::sort(pages.begin(), pages.end());
    return pages;
}

TEST(PdfReport, PagesHaveTextAndColouredCharts) {
    if (std::string(WATTBENCH_PDFTOPPM).empty() ||
        std::string(WATTBENCH_PDFTOPPM).find("NOTFOUND") != std::string::npos) {
        GTEST_SKIP() << "pdftoppm (poppler-utils) is not installed";
    }
    test::headless();
    const auto dir = test::temp_dir();
    const std::string pdf = dir + "/report.pdf";
    const auto content = test::sample_content();
    const auto error = render_pdf(*content, pdf);
    ASSERT_FALSE(error) << *error;
    ASSERT_GT(std::filesystem::file_size(pdf), 5000u);

    const auto pages = rasterise(pdf, dir);
    ASSERT_GE(pages.size(), 3u);  // summary, then sections that start their own page
    int text_pages = 0;
    int chart_pages = 0;
    for (const auto& png : pages) {
        const QImage img(QString::fromStdString(png));
        ASSERT_FALSE(img.isNull()) << png;
        const auto l = look(img);
        text_pages += l.dark > 150 ? 1 : 0;
        chart_pages += l.coloured > 300 && l.colours > 8 ? 1 : 0;
        std::printf("%s: dark %d, coloured %d, colours %d\n", png.c_str(), l.dark, l.coloured,
                    l.colours);
    }
    EXPECT_EQ(text_pages, static_cast<int>(pages.size()));
    EXPECT_GE(chart_pages, 2);  // power versus load; the time series
    std::filesystem::remove_all(dir);
}

TEST(PdfReport, ComparisonPdf) {
    if (std::string(WATTBENCH_PDFTOPPM).find("NOTFOUND") != std::string::npos) {
        GTEST_SKIP() << "pdftoppm (poppler-utils) is not installed";
    }
    test::headless();
    const auto dir = test::temp_dir();
    const std::string pdf = dir + "/compare.pdf";
    const auto error = render_comparison_pdf(test::sample_comparison(), pdf);
    ASSERT_FALSE(error) << *error;
    const auto pages = rasterise(pdf, dir);
    ASSERT_GE(pages.size(), 1u);
    int coloured = 0;
    for (const auto& png : pages) {
        coloured += look(QImage(QString::fromStdString(png))).coloured;
    }
    EXPECT_GT(coloured, 300);
    std::filesystem::remove_all(dir);
}

TEST(PdfReport, UnwritablePathNamesTheFile) {
    test::headless();
    const auto content = test::sample_content();
    const auto error = render_pdf(*content, "/nonexistent-dir/report.pdf");
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("/nonexistent-dir/report.pdf"), std::string::npos) << *error;
}

}  // namespace
}  // namespace wattbench::report_render

namespace wattbench::report_render {
namespace {

TEST(PdfReport, RecordedSimRun) {
    if (std::string(WATTBENCH_PDFTOPPM).find("NOTFOUND") != std::string::npos) {
        GTEST_SKIP() << "pdftoppm (poppler-utils) is not installed";
    }
    test::headless();
    auto built =
        core::report::build_report_content(std::string(WATTBENCH_REPORT_CASES) + "/sim_run");
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<core::report::ReportContent>>(built));
    const auto dir = test::temp_dir();
    const auto error = render_pdf(*std::get<0>(built), dir + "/sim.pdf");
    ASSERT_FALSE(error) << *error;
    const auto pages = rasterise(dir + "/sim.pdf", dir);
    ASSERT_GE(pages.size(), 4u);
    int coloured = 0;
    for (const auto& png : pages) {
        const auto l = look(QImage(QString::fromStdString(png)));
        EXPECT_GT(l.dark, 150) << png;
        coloured += l.coloured;
    }
    EXPECT_GT(coloured, 2000);
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace wattbench::report_render
