; Inno Setup script for Tabletop (untested: no Windows machine was at hand).
; `uv run python packaging/build.py` runs it when iscc is on PATH, passing
; /DAppVersion=<version> /DSourceDir=<dist\tabletop> /O<dist>.
#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef SourceDir
  #define SourceDir "..\..\dist\tabletop"
#endif

[Setup]
AppId=io.github.tabletop.Tabletop
AppName=Tabletop
AppVersion={#AppVersion}
AppPublisher=The Tabletop contributors
DefaultDirName={autopf}\Tabletop
DefaultGroupName=Tabletop
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
OutputBaseFilename=tabletop-{#AppVersion}-setup
SetupIconFile=..\..\assets\icons\tabletop.ico
UninstallDisplayIcon={app}\tabletop.exe
Compression=lzma2
SolidCompression=yes
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
WizardStyle=modern

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: recursesubdirs createallsubdirs ignoreversion

[Icons]
Name: "{group}\Tabletop"; Filename: "{app}\tabletop.exe"
Name: "{autodesktop}\Tabletop"; Filename: "{app}\tabletop.exe"; Tasks: desktopicon

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"

[Run]
Filename: "{app}\tabletop.exe"; Description: "{cm:LaunchProgram,Tabletop}"; Flags: nowait postinstall skipifsilent
