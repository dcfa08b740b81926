<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US" sourcelanguage="en_US">
<context>
    <name>QObject</name>
    <message numerus="yes">
        <source>Connected: %1; %Ln sensor(s)</source>
        <translation>
            <numerusform>Connected: %1; %Ln sensor</numerusform>
            <numerusform>Connected: %1; %Ln sensors</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>wattbench::gui::widgets::MainWindow</name>
    <message numerus="yes">
        <source>%Ln device(s)</source>
        <translation>
            <numerusform>%Ln device</numerusform>
            <numerusform>%Ln devices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln phase(s)</source>
        <translation>
            <numerusform>%Ln phase</numerusform>
            <numerusform>%Ln phases</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>run directory %1: %Ln reading(s) kept for the charts</source>
        <translation>
            <numerusform>run directory %1: %Ln reading kept for the charts</numerusform>
            <numerusform>run directory %1: %Ln readings kept for the charts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln reading(s) not charted: the window was too busy to keep up</source>
        <translation>
            <numerusform>%Ln reading not charted: the window was too busy to keep up</numerusform>
            <numerusform>%Ln readings not charted: the window was too busy to keep up</numerusform>
        </translation>
    </message>
</context>
</TS>
