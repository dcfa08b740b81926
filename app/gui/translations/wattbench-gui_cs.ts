<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="cs_CZ">
<context>
    <name>QObject</name>
    <message>
        <source>cannot create a private password file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write the private password file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>firmware %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>serial %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Connected: %1; %Ln sensor(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Live view of a wattbench run: devices, charts, phase ladder, results.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A profile (.toml) or a run directory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the profile&apos;s run at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warm-up of every phase (90s, 5m, ...).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Averaging window of every phase.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run directory (default runs/&lt;name&gt;-&lt;time&gt;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Render the main window to this PNG when quitting, then exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit after this long (a running run is aborted, its files kept); with --screenshot and --start but without it: when the run ends.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window size for screenshots, e.g. 1600x1000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve the latest readings as OpenMetrics at http://ADDR:PORT/metrics.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language of the window and its report export: %1 (default: LC_ALL, LC_MESSAGES, LANG, else English).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>wattbench::gui::model::DeviceModel</name>
    <message>
        <source>connecting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reconnecting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unavailable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>limits: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>beyond a non-critical limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>beyond a critical limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device / channel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overrange</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>wattbench::gui::model::PhaseModel</name>
    <message>
        <source>warming up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measuring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flagged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2): warm-up %3, window %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>wattbench::gui::model::ResultsModel</name>
    <message>
        <source>n/a</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The window missed readings: coverage below %1 %</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::ChartsArea</name>
    <message>
        <source>Whole run (min/max per interval):</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::DiscoveryDialog</name>
    <message>
        <source>Discover devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serial ports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>USB ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Description</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Identified as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drivers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scan again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>USB sound level meters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Driver</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Product</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IPMI BMC over the LAN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. opensesspriv,authcap (as ipmi-sensors -W)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Privilege</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workarounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No serial ports found. Pseudo-terminals and network bridges are not listed but work by path (serial:///dev/pts/N, tcp://HOST:PORT). Sim devices need no hardware.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use a port in a profile as serial:///dev/ttyUSB0?baud=9600.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No USB sound level meter found (WENSN WS1361, GM1356 and their relabels are looked for).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the connection as shown in a profile&apos;s [[device]] with the driver named.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the BMC&apos;s host name or address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1 …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::MainMenus</name>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open profile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profiles (*.toml);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;run directory…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open run directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip &amp;warm-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip &amp;phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Abort…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy results as &amp;Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy results as &amp;CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Discover devices…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About wattbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About wattbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;wattbench %1&lt;/b&gt;&lt;p&gt;Server power, thermal and noise measurement under load phases: the live view of the same engine as the &lt;tt&gt;wattbench&lt;/tt&gt; command.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Show: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last minute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last 5 minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last 15 minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole run</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::MainWindow</name>
    <message>
        <source>wattbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening devices…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running → %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run finished: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile %1: press Start (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a profile (Ctrl+O) or a run directory (Ctrl+Shift+O), or drop one here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run: %1 left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run in progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finish or abort the current run first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — wattbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>killed (no end recorded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>still being recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run was %1 during phase %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run was %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opening devices…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run not started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run directory %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Abort the run?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The current phase is marked interrupted; everything gathered so far stays in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>aborting the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run completed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run interrupted: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quitting aborts the run; everything gathered so far is written to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profile %1: %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln device(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln phase(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>run directory %1: %Ln reading(s) kept for the charts</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln reading(s) not charted: the window was too busy to keep up</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::PhaseLadder</name>
    <message>
        <source>Stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip warm-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Abort…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the devices and run every phase (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the averaging window now (F6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End this phase without results and go on (F7)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the run; everything gathered so far is written (F8)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::PromptDialog</name>
    <message>
        <source>Phase %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wattbench needs you — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done, continue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip phase</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::ReportExport</name>
    <message>
        <source>&amp;Markdown…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;HTML with charts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;PDF with charts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run to report on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This build cannot write %1 reports</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::ResultsPanel</name>
    <message>
        <source>Copy as Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No results yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Results copied as Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Results copied as CSV</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
