#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <QFile>
#include <QImage>
#include <QXmlStreamReader>

#include "app/report_render/chart_output.hpp"
#include "test_content.hpp"

namespace wattbench::report_render {
namespace {

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

TEST(ChartOutput, ExportsOnePngAndSvgPerChart) {
    test::headless();
    const auto dir = test::temp_dir() + "/charts";
    const auto content = test::sample_content();
    const auto result = export_charts(*content, dir);
    ASSERT_TRUE(std::holds_alternative<std::vector<std::string>>(result))
        << std::get<std::string>(result);
    const auto& files = std::get<std::vector<std::string>>(result);
    EXPECT_EQ(files.size(), 6u);
    for (const char* key : {"power-vs-load", "power", "temperature"}) {
        const std::string png = dir + "/" + key + ".png";
        const QImage img(QString::fromStdString(png));
        ASSERT_FALSE(img.isNull()) << png;
        EXPECT_GE(img.width(), 1920);  // 2x for HiDPI screens and print
        const std::string svg = slurp(dir + "/" + key + ".svg");
        QXmlStreamReader xml(QString::fromStdString(svg));
        bool root = false;
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isStartElement() && !root) {
                EXPECT_EQ(xml.name(), u"svg");
                root = true;
            }
        }
        EXPECT_FALSE(xml.hasError()) << key << ": " << xml.errorString().toStdString();
        EXPECT_TRUE(svg.find("<path") != std::string::npos ||
                    svg.find("<polyline") != std::string::npos);
    }
    std::filesystem::remove_all(std::filesystem::path(dir).parent_path());
}

TEST(ChartOutput, ChartsCountTheirPoints) {
    test::headless();
    const auto content = test::sample_content();
    const auto charts = report_charts(*content);
    ASSERT_EQ(charts.size(), 3u);
    EXPECT_EQ(charts[0]->key(), "power-vs-load");
    EXPECT_EQ(charts[0]->point_count(), 4u);
    EXPECT_EQ(charts[1]->point_count(), 470u);
    EXPECT_EQ(charts[0]->title(),
              "Power versus load: +28.8 W per core up to 2 cores, then +4.5 W per thread");
}

TEST(ChartOutput, UnwritableDirectoryIsAnError) {
    test::headless();
    const auto content = test::sample_content();
    const auto result = export_charts(*content, "/proc/no-such/charts");
    ASSERT_TRUE(std::holds_alternative<std::string>(result));
    EXPECT_NE(std::get<std::string>(result).find("/proc/no-such/charts"), std::string::npos);
}

}  // namespace
}  // namespace wattbench::report_render
